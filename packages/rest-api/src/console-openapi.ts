import {
  approvedSchema,
  callsPageSchema,
  callsQuerySchema,
  healthSummarySchema,
  pinsSchema,
  quarantineSchema,
  toolDialectsSchema,
  whoAmISchema,
} from './console-schemas.js';
import {
  COMMON_PROBLEMS,
  FORM_BODY_REFUSED,
  json,
  problem,
  queryParameters,
} from './openapi-parts.js';

/** Response bodies of the routes the console reads. */
export const CONSOLE_RESPONSE_SCHEMAS = {
  WhoAmI: whoAmISchema,
  HealthSummary: healthSummarySchema,
  CallsPage: callsPageSchema,
  Quarantine: quarantineSchema,
  Approved: approvedSchema,
  Pins: pinsSchema,
  ToolDialects: toolDialectsSchema,
};

/** `/me`, `/health`, `/calls`, `/quarantine`, its approve action, `/pins` and tool dialects. */
export function consolePaths(): Record<string, unknown> {
  const toolName = {
    name: 'name',
    in: 'path',
    required: true,
    description: 'Name, `namespace.name` or qualified name.',
    schema: { type: 'string' },
  };
  return {
    '/me': {
      get: {
        operationId: 'whoAmI',
        summary: 'The caller as the server sees it, and what it may do.',
        responses: {
          '200': json('WhoAmI', 'The principal and its permissions.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Circuit breakers, success rates and latency of the tools this caller may see.',
        responses: {
          '200': json('HealthSummary', 'Each tool and a count of breakers by state.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/calls': {
      get: {
        operationId: 'listCalls',
        summary: 'Recent calls from the audit history, newest first, a page at a time.',
        parameters: queryParameters(callsQuerySchema),
        responses: {
          ...COMMON_PROBLEMS,
          '200': json('CallsPage', 'One page of audit records.'),
          '403': problem("Filtering by another principal's id without the right to read them."),
          '422': problem('A query parameter is invalid.'),
          '501': problem('No audit history is configured.'),
        },
      },
    },
    '/quarantine': {
      get: {
        operationId: 'listQuarantined',
        summary: 'Imported tools withheld from models until approved, with what was found.',
        responses: {
          '200': json('Quarantine', 'The held tools, and whether this caller may approve.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/quarantine/{name}/approve': {
      post: {
        operationId: 'approveQuarantined',
        summary: 'Approve a quarantined tool and register it (approvers only).',
        parameters: [toolName],
        responses: {
          ...FORM_BODY_REFUSED,
          ...COMMON_PROBLEMS,
          '200': json('Approved', 'The tool, now registered.'),
          '403': problem('This caller may not approve tools (read-only).'),
          '404': problem('No such quarantined tool.'),
          '422': problem('The name matches several quarantined tools.'),
        },
      },
    },
    '/pins': {
      get: {
        operationId: 'listPins',
        summary: 'The approved (pinned) tools of the MCP servers, from the lock file.',
        responses: { '200': json('Pins', 'The approvals.'), ...COMMON_PROBLEMS },
      },
    },
    '/tools/{name}/dialects': {
      get: {
        operationId: 'getToolDialects',
        summary: 'A tool as each model dialect sees it, with token counts.',
        parameters: [toolName],
        responses: {
          '200': json('ToolDialects', 'The tool and its encodings.'),
          '404': problem('No such tool for this caller.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
  };
}
