import { type AuthenticationSummary, metadataUrl } from '@arsenal/http';
import { z } from 'zod';
import { CONFIRMATION_RESPONSE_SCHEMAS, confirmationPaths } from './confirmation-openapi.js';
import { CONSOLE_RESPONSE_SCHEMAS, consolePaths } from './console-openapi.js';
import {
  body,
  COMMON_PROBLEMS,
  FORM_BODY_REFUSED,
  json,
  problem,
  queryParameters,
  ref,
} from './openapi-parts.js';
import { PLAN_REQUEST_SCHEMAS, PLAN_RESPONSE_SCHEMAS, planPaths } from './plan-openapi.js';
import {
  executeBodySchema,
  invocationAcceptedSchema,
  invocationSchema,
  listToolsQuerySchema,
  problemSchema,
  registerToolBodySchema,
  registrationSchema,
  removedSchema,
  searchBodySchema,
  searchResultSchema,
  toolPageSchema,
  toolResultSchema,
  toolSchema,
} from './schemas.js';

type JsonObject = Record<string, unknown>;

/** Request bodies, converted as zod parses them (defaults optional). */
const REQUEST_SCHEMAS = {
  ToolDefinitionInput: registerToolBodySchema,
  SearchRequest: searchBodySchema,
  ExecuteRequest: executeBodySchema,
  ...PLAN_REQUEST_SCHEMAS,
};

/** Response bodies, converted as zod would produce them. */
const RESPONSE_SCHEMAS = {
  Tool: toolSchema,
  ToolPage: toolPageSchema,
  Registration: registrationSchema,
  Removed: removedSchema,
  SearchResult: searchResultSchema,
  ToolResult: toolResultSchema,
  Invocation: invocationSchema,
  InvocationAccepted: invocationAcceptedSchema,
  Problem: problemSchema,
  ...PLAN_RESPONSE_SCHEMAS,
  ...CONSOLE_RESPONSE_SCHEMAS,
  ...CONFIRMATION_RESPONSE_SCHEMAS,
};

function components(schemas: Record<string, z.ZodType>, io: 'input' | 'output') {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // Each component names its own dialect through the document's jsonSchemaDialect instead.
  return Object.fromEntries(
    Object.entries(converted.schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

const pathParameter = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

function paths(): JsonObject {
  const toolName = pathParameter('name', 'Name, `namespace.name` or qualified name.');
  const invocationId = pathParameter('id', 'The id `POST /execute` returned in async mode.');
  const confirmationId = pathParameter('id', 'The confirmation id from a 202 answer.');
  const ownershipUnavailable = problem(
    'The shared state store that records who owns each invocation did not answer (`ownership_unavailable`); retry after Retry-After.',
  );
  const callOutcomes = {
    '200': json('ToolResult', 'The call succeeded.'),
    '202': json('ToolResult', 'The call waits for a confirmation: see `confirmation.id`.'),
    '404': problem('No such tool (or confirmation) for this caller.'),
    '409': problem('Cancelled, or the confirmation was rejected.'),
    '422': problem('The arguments do not match the tool schema.'),
    '502': problem('The tool failed.'),
    '503': problem(
      "The tool's circuit breaker is open, or the shared state store that records who owns the call did not answer (`ownership_unavailable`); see Retry-After.",
    ),
    '504': problem('The tool timed out.'),
    ...COMMON_PROBLEMS,
  };
  return {
    '/tools': {
      get: {
        operationId: 'listTools',
        summary: 'List the tools this caller may see, a page at a time.',
        parameters: queryParameters(listToolsQuerySchema),
        responses: {
          '200': json('ToolPage', 'One page of tools.'),
          '422': problem('A query parameter is invalid.'),
          ...COMMON_PROBLEMS,
        },
      },
      post: {
        operationId: 'registerTool',
        summary: 'Register a tool definition (principals allowed to manage tools only).',
        requestBody: body('ToolDefinitionInput'),
        responses: {
          '200': json('Registration', 'Updated or unchanged.'),
          '201': json('Registration', 'Added.'),
          '202': json('Registration', 'Held in quarantine until approved.'),
          '400': problem('The body is not JSON.'),
          '413': problem('The body is too large.'),
          '415': problem('The body is not sent as JSON.'),
          '422': problem('The definition is invalid.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/tools/search': {
      post: {
        operationId: 'searchTools',
        summary: "Rank tools for a query, with each signal's contribution.",
        requestBody: body('SearchRequest'),
        responses: {
          '200': json('SearchResult', 'The ranked tools.'),
          '400': problem('The body is not JSON.'),
          '422': problem('The search request is invalid.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/tools/{name}': {
      get: {
        operationId: 'getTool',
        summary: 'One tool definition.',
        parameters: [toolName],
        responses: {
          '200': json('Tool', 'The tool.'),
          '404': problem('No such tool for this caller.'),
          ...COMMON_PROBLEMS,
        },
      },
      delete: {
        operationId: 'unregisterTool',
        summary: 'Remove a tool (principals allowed to manage tools only).',
        parameters: [toolName],
        responses: {
          '200': json('Removed', 'The removed versions.'),
          '404': problem('No such tool.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/execute': {
      post: {
        operationId: 'execute',
        summary: 'Call a tool: wait for the outcome, or (`mode: async`) get an invocation id.',
        requestBody: body('ExecuteRequest'),
        responses: {
          ...callOutcomes,
          '202': {
            description: 'Async mode: the invocation started; or the call awaits confirmation.',
            content: {
              'application/json': {
                schema: { oneOf: [ref('InvocationAccepted'), ref('ToolResult')] },
              },
            },
          },
          '400': problem('The body is not JSON.'),
          '413': problem('The body is too large.'),
        },
      },
    },
    '/invocations/{id}': {
      get: {
        operationId: 'getInvocation',
        summary: "An invocation's state, progress and, once done, result.",
        parameters: [invocationId],
        responses: {
          '200': json('Invocation', 'Where it stands.'),
          '404': problem('Unknown, expired or not this caller’s.'),
          '503': ownershipUnavailable,
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/invocations/{id}/cancel': {
      post: {
        operationId: 'cancelInvocation',
        summary: 'Cancel a running invocation.',
        parameters: [invocationId],
        responses: {
          ...FORM_BODY_REFUSED,
          '200': json('Invocation', 'It had already finished; nothing was cancelled.'),
          '202': json('Invocation', 'Cancellation requested.'),
          '404': problem('Unknown, expired or not this caller’s.'),
          '503': ownershipUnavailable,
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/invocations/{id}/events': {
      get: {
        operationId: 'followInvocation',
        summary: 'Progress as Server-Sent Events: `status`, `progress`..., then `result`.',
        parameters: [invocationId],
        responses: {
          '200': {
            description: 'An event stream; each `data` line is JSON.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '404': problem('Unknown, expired or not this caller’s.'),
          '503': ownershipUnavailable,
          ...COMMON_PROBLEMS,
          '429': problem(
            'Rate limited, or this caller already holds the most open event streams (`too_many_streams`).',
          ),
        },
      },
    },
    '/confirmations/{id}/confirm': {
      post: {
        operationId: 'confirmCall',
        summary:
          'Run a call that awaited confirmation, exactly once (its caller, or a principal that may settle every confirmation; 403 for one that may only read them).',
        parameters: [confirmationId],
        responses: { ...callOutcomes, ...FORM_BODY_REFUSED },
      },
    },
    '/confirmations/{id}/reject': {
      post: {
        operationId: 'rejectCall',
        summary: 'Refuse a call that awaited confirmation.',
        parameters: [confirmationId],
        responses: { ...callOutcomes, ...FORM_BODY_REFUSED },
      },
    },
  };
}

export interface OpenApiOptions {
  /** Where the API is served, e.g. `/api` or `https://gateway.example.com/api`. Default `/`. */
  serverUrl?: string;
  /** Version of the API document. Default `1.0.0`. */
  version?: string;
  /**
   * The authentication the server is configured with, advertised as the document's security
   * schemes and requirements. Default: bearer or API key, or none (not known here).
   */
  authentication?: AuthenticationSummary;
}

/** The security schemes and requirements for the authentication configured. */
function security(authentication: AuthenticationSummary | undefined): {
  schemes: JsonObject;
  requirements: JsonObject[];
} {
  const bearer = { type: 'http', scheme: 'bearer' };
  const apiKey = { type: 'apiKey', in: 'header', name: 'X-API-Key' };
  if (!authentication) {
    return { schemes: { bearer, apiKey }, requirements: [{ bearer: [] }, { apiKey: [] }, {}] };
  }
  const schemes: JsonObject = {};
  if (authentication.tokens || authentication.custom) schemes.bearer = bearer;
  if (authentication.tokens) schemes.apiKey = apiKey;
  if (authentication.oauth) {
    schemes.oauth = {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: `OAuth 2.1 access token for ${authentication.oauth.resource}; where to get one: ${metadataUrl(authentication.oauth.resource)}`,
    };
  }
  const names = Object.keys(schemes);
  return {
    schemes,
    requirements: names.length === 0 ? [{}] : names.map((name) => ({ [name]: [] })),
  };
}

/** The OpenAPI 3.1 document of the REST API, generated from the zod schemas it validates with. */
export function createOpenApiDocument(options: OpenApiOptions = {}): JsonObject {
  const { schemes, requirements } = security(options.authentication);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Arsenal REST API',
      version: options.version ?? '1.0.0',
      description:
        'List, register, search and call tools; follow long calls as invocations. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    components: {
      schemas: {
        ...components(REQUEST_SCHEMAS, 'input'),
        ...components(RESPONSE_SCHEMAS, 'output'),
      },
      securitySchemes: schemes,
    },
    security: requirements,
    paths: { ...paths(), ...planPaths(), ...consolePaths(), ...confirmationPaths() },
  };
}
