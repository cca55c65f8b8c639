import { describeSchemaValidatorConformance } from '@arsenal/testkit';
import { createAjvSchemaValidator } from './ajv-schema-validator.js';

describeSchemaValidatorConformance({
  name: 'AjvSchemaValidator',
  create: () => createAjvSchemaValidator(),
});
