import type { Principal } from '@arsenal/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  RootsListChangedNotificationSchema,
  type ServerCapabilities,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { guardRequestSchema, ProtocolError } from './protocol-errors.js';
import type { ResourceSubscriptions } from './resource-subscriptions.js';
import type { UpstreamCatalog } from './upstream-catalog.js';

guardRequestSchema('prompts/list', ListPromptsRequestSchema);
guardRequestSchema('prompts/get', GetPromptRequestSchema);
guardRequestSchema('resources/list', ListResourcesRequestSchema);
guardRequestSchema('resources/templates/list', ListResourceTemplatesRequestSchema);
guardRequestSchema('resources/read', ReadResourceRequestSchema);
guardRequestSchema('completion/complete', CompleteRequestSchema);
guardRequestSchema('resources/subscribe', SubscribeRequestSchema);
guardRequestSchema('resources/unsubscribe', UnsubscribeRequestSchema);

/** The capabilities a session declares when upstream servers are aggregated. */
export function upstreamCapabilities(subscribe: boolean): ServerCapabilities {
  return { prompts: {}, resources: subscribe ? { subscribe: true } : {}, completions: {} };
}

/** An upstream's JSON-RPC error passes through with its code, without the SDK's message prefix. */
async function relay<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    if (error instanceof McpError) {
      throw new ProtocolError(error.code, error.message.replace(/^MCP error -?\d+: /, ''));
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ProtocolError(ErrorCode.InternalError, `The upstream server failed: ${message}`);
  }
}

/** Answer prompts, resources and completions of one session from the upstream catalog. */
export function registerUpstreamHandlers(
  server: Server,
  catalog: UpstreamCatalog,
  subscriptions: ResourceSubscriptions,
  principal: Principal | undefined,
): void {
  // The client's roots changed: upstream servers asking for roots should ask again (during a
  // call of this client's: a roots request outside any call is nobody's, and refused).
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    await catalog.rootsChanged();
  });
  if (subscriptions.supported) {
    const subscriber = (uri: string) => {
      server.sendResourceUpdated({ uri }).catch(() => undefined);
    };
    server.setRequestHandler(SubscribeRequestSchema, (request, extra) =>
      relay(async () => {
        await subscriptions.subscribe(request.params.uri, principal, subscriber, extra.signal);
        return {};
      }),
    );
    server.setRequestHandler(UnsubscribeRequestSchema, (request) =>
      relay(async () => {
        await subscriptions.unsubscribe(request.params.uri, principal, subscriber);
        return {};
      }),
    );
    const previous = server.onclose;
    server.onclose = () => {
      subscriptions.dropSubscriber(subscriber, principal);
      previous?.();
    };
  }
  server.setRequestHandler(ListPromptsRequestSchema, (_request, extra) =>
    relay(async () => ({ prompts: await catalog.listPrompts(principal, extra.signal) })),
  );
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    relay(() =>
      catalog.getPrompt(request.params.name, request.params.arguments, principal, extra.signal),
    ),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (_request, extra) =>
    relay(async () => ({ resources: await catalog.listResources(principal, extra.signal) })),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (_request, extra) =>
    relay(async () => ({
      resourceTemplates: await catalog.listResourceTemplates(principal, extra.signal),
    })),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    relay(() => catalog.readResource(request.params.uri, principal, extra.signal)),
  );
  server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
    relay(() => catalog.complete(request.params, principal, extra.signal)),
  );
}
