import { describeErrorClasses } from '@arsenal/testkit';
import * as exported from './index.js';

describeErrorClasses(exported, [
  'A2aCardError',
  'A2aUnavailableError',
  'A2aTaskError',
  'A2aSkillMissingError',
]);
