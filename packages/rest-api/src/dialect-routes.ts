import type { Arsenal, ToolDefinition } from '@arsenal/core';
import { emptyQuerySchema } from './console-schemas.js';
import { parseWith, sendJson } from './http-io.js';
import type { DialectEncodingView, DialectsProvider, RouteDependencies } from './route-context.js';
import type { Route } from './router.js';
import { visibleTool } from './tool-routes.js';

/**
 * The dialects of the Arsenal's own transcoders, counted roughly (a token per four characters of
 * compact JSON): what `GET /tools/{name}/dialects` answers unless given a real tokenizer.
 */
export function arsenalDialects(arsenal: Arsenal): DialectsProvider {
  return async (tool: ToolDefinition) => {
    const dialects: DialectEncodingView[] = arsenal.dialects.map((dialect) => {
      try {
        const encoded = arsenal.transcode(tool, dialect);
        return {
          dialect,
          status: 'encoded',
          tokens: Math.ceil(JSON.stringify(encoded).length / 4),
          tool: encoded,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { dialect, status: 'failed', error: message.split('\n')[0] ?? message };
      }
    });
    return { tokenizer: 'estimate', dialects };
  };
}

/** `/tools/{name}/dialects`: one tool as each model dialect sees it, with its token count. */
export function dialectRoutes(dependencies: RouteDependencies): Route[] {
  return [
    {
      method: 'GET',
      path: '/tools/{name}/dialects',
      async handle(context) {
        parseWith(emptyQuerySchema, Object.fromEntries(context.query), 'query string');
        const tool = visibleTool(dependencies, context.params.name ?? '', context.principal);
        const { tokenizer, dialects } = await dependencies.dialects(tool);
        sendJson(context.response, 200, { tool, tokenizer, dialects });
      },
    },
  ];
}
