import { coreSchemaValidator } from '@arsenal/core';
import { describeSchemaValidatorConformance } from './schema-validator-conformance.js';

const notImplemented = (keyword: string) =>
  `core's validator does not implement ${keyword}: tool schemas rarely use it, and the keyword is ignored (values pass)`;

describeSchemaValidatorConformance({
  name: 'coreSchemaValidator',
  create: () => coreSchemaValidator,
  skip: {
    contains: notImplemented('contains'),
    propertyNames: notImplemented('propertyNames'),
    dependentRequired: notImplemented('dependentRequired'),
    unevaluatedProperties: notImplemented('unevaluatedProperties'),
  },
});
