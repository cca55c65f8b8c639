import { describeErrorClasses } from '@arsenal/testkit';
import * as exported from './index.js';

describeErrorClasses(exported, ['McpToolError']);
