import type { UpstreamServer } from '@arsenal/mcp-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  type GetPromptResult,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  ResourceUpdatedNotificationSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

// A 1x1 transparent PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const PROMPTS = [
  { name: 'test_simple_prompt', description: 'A simple prompt without arguments.' },
  {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments.',
    arguments: [
      { name: 'arg1', description: 'First argument', required: true },
      { name: 'arg2', description: 'Second argument', required: true },
    ],
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource.',
    arguments: [{ name: 'resourceUri', description: 'The resource to embed', required: true }],
  },
  { name: 'test_prompt_with_image', description: 'A prompt with an image.' },
];

function prompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const text = (value: string) => ({
    role: 'user' as const,
    content: { type: 'text' as const, text: value },
  });
  switch (name) {
    case 'test_simple_prompt':
      return { messages: [text('This is a simple prompt for testing.')] };
    case 'test_prompt_with_arguments':
      return {
        messages: [text(`Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`)],
      };
    case 'test_prompt_with_embedded_resource':
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: {
                uri: args.resourceUri ?? 'test://example-resource',
                mimeType: 'text/plain',
                text: 'Embedded resource content for testing.',
              },
            },
          },
          text('Please process the embedded resource above.'),
        ],
      };
    case 'test_prompt_with_image':
      return {
        messages: [
          { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
          text('Please analyze the image above.'),
        ],
      };
    default:
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt ${name}`);
  }
}

function resource(uri: string): ReadResourceResult {
  if (uri === 'test://static-text') {
    return {
      contents: [
        { uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
      ],
    };
  }
  if (uri === 'test://static-binary') {
    return { contents: [{ uri, mimeType: 'image/png', blob: PNG }] };
  }
  const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
  if (id !== undefined) {
    const data = { id, templateTest: true, data: `Data for ID: ${id}` };
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(data) }] };
  }
  throw new McpError(-32002, `Resource not found: ${uri}`);
}

/** The conformance scenarios' prompts and resources, as a real SDK server connected in memory. */
function createFixtureServer(): Server {
  const server = new Server(
    { name: 'conformance-fixtures', version: '1.0.0' },
    { capabilities: { prompts: {}, resources: { subscribe: true }, completions: {} } },
  );
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    prompt(request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: 'test://static-text',
        name: 'static-text',
        mimeType: 'text/plain',
        description: 'A static text resource',
      },
      {
        uri: 'test://static-binary',
        name: 'static-binary',
        mimeType: 'image/png',
        description: 'A static binary resource',
      },
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'test://template/{id}/data',
        name: 'template-data',
        mimeType: 'application/json',
        description: 'Data by id',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => resource(request.params.uri));
  const watched = new Set<string>();
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    watched.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    watched.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const words = ['paris', 'park', 'party'];
    const values = words.filter((word) => word.startsWith(request.params.argument.value));
    return { completion: { values, total: values.length, hasMore: false } };
  });
  return server;
}

/**
 * The fixture server as an upstream with the empty namespace, so its prompts and resources keep
 * the names the scenarios ask for.
 */
export async function startConformanceUpstream(): Promise<
  UpstreamServer & { close(): Promise<void> }
> {
  const server = createFixtureServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'arsenal', version: '0.0.0' });
  const listeners = new Set<(uri: string) => void>();
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    for (const listener of listeners) listener(notification.params.uri);
  });
  await client.connect(clientSide);
  return {
    namespace: '',
    features: {
      listPrompts: async () => (await client.listPrompts()).prompts,
      getPrompt: (name, args) => client.getPrompt({ name, ...(args ? { arguments: args } : {}) }),
      listResources: async () => (await client.listResources()).resources,
      listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates,
      readResource: (uri) => client.readResource({ uri }),
      complete: (params) => client.complete(params),
      subscribeResource: async (uri) => {
        await client.subscribeResource({ uri });
      },
      unsubscribeResource: async (uri) => {
        await client.unsubscribeResource({ uri });
      },
      onResourceUpdated: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
