import { body, COMMON_PROBLEMS, json, problem } from './openapi-parts.js';
import {
  executionPlanSchema,
  graphSchema,
  planBodySchema,
  plannedSchema,
  planRunSchema,
  planTaskBodySchema,
  planValidationSchema,
  runPlanBodySchema,
} from './plan-schemas.js';

/** Request bodies of the planning routes. */
export const PLAN_REQUEST_SCHEMAS = {
  PlanTask: planTaskBodySchema,
  PlanRequest: planBodySchema,
  RunPlanRequest: runPlanBodySchema,
};

/** Response bodies of the planning routes. */
export const PLAN_RESPONSE_SCHEMAS = {
  ExecutionPlan: executionPlanSchema,
  Planned: plannedSchema,
  PlanValidation: planValidationSchema,
  PlanRun: planRunSchema,
  DependencyGraph: graphSchema,
};

const BAD_BODY = {
  '400': problem('The body is not JSON.'),
  '413': problem('The body is too large.'),
  '422': problem('The request is invalid (or, for a run, the plan is: see `issues`).'),
};

/** `/plan`, `/plan/validate`, `/plan/run` and `/graph`. */
export function planPaths(): Record<string, unknown> {
  return {
    '/plan': {
      post: {
        operationId: 'createPlan',
        summary: 'Turn a task into an execution plan (with its validation), without running it.',
        requestBody: body('PlanTask'),
        responses: {
          '200': json('Planned', 'The plan and its validation.'),
          ...BAD_BODY,
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/plan/validate': {
      post: {
        operationId: 'validatePlan',
        summary:
          'Check a plan against the catalog this caller may see; every problem names its step.',
        requestBody: body('PlanRequest'),
        responses: {
          '200': json('PlanValidation', 'Valid or not, with the issues.'),
          ...BAD_BODY,
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/plan/run': {
      post: {
        operationId: 'runPlan',
        summary:
          'Validate and run a plan through the engine: fallbacks, parallel steps, a record per step.',
        requestBody: body('RunPlanRequest'),
        responses: {
          '200': json('PlanRun', 'The run: succeeded, partial, failed or cancelled.'),
          ...BAD_BODY,
          ...COMMON_PROBLEMS,
        },
      },
    },
    '/graph': {
      get: {
        operationId: 'getDependencyGraph',
        summary: 'The dependency graph of the tools this caller may see.',
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: false,
            description: '`json` (default), `mermaid` or `dot`.',
            schema: { type: 'string', enum: ['json', 'mermaid', 'dot'] },
          },
        ],
        responses: {
          '200': {
            description: 'The graph.',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/DependencyGraph' } },
              'text/vnd.mermaid': { schema: { type: 'string' } },
              'text/vnd.graphviz': { schema: { type: 'string' } },
            },
          },
          '422': problem('Unknown format.'),
          ...COMMON_PROBLEMS,
        },
      },
    },
  };
}
