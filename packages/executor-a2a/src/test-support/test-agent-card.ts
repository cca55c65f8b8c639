import type { Message, Part } from '@a2a-js/sdk';

export interface TestAgentOptions {
  /** Require this bearer token (`bearer`) or API key header (`apiKey`) on JSON-RPC calls. */
  auth?: { type: 'bearer' | 'apiKey'; secret: string };
  /** Serve the card only at the older `/.well-known/agent.json`. */
  legacyCardPath?: boolean;
}

export const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

export const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId,
    taskId,
    role: 2,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

export function testAgentCard(
  url: string,
  auth?: TestAgentOptions['auth'],
): Record<string, unknown> {
  const skill = (id: string, description: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: id.replace(/_/g, ' '),
    description,
    tags: ['test'],
    examples: [],
    ...extra,
  });
  return {
    name: 'Test Agent',
    description: 'An agent with one skill per behaviour the executor must handle.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: `${url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/json'],
    ...(auth
      ? {
          securitySchemes: {
            main:
              auth.type === 'bearer'
                ? { httpAuthSecurityScheme: { scheme: 'Bearer' } }
                : { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
          },
          securityRequirements: [{ schemes: { main: { list: [] } } }],
        }
      : {}),
    skills: [
      skill('echo', 'Echo the text and data it receives back as artifacts.', {
        examples: ['echo hello'],
        inputModes: ['text/plain', 'application/json'],
      }),
      skill('count_slowly', 'Count to three, reporting progress as it goes.', {
        tags: ['test', 'streaming'],
      }),
      skill('ask_name', 'Greet someone, asking for their name first.'),
      skill('always_fail', 'Fail every time with a clear message.'),
      skill('hang', 'Start working and never finish until cancelled or released.'),
      skill('make_file', 'Return a file part and a URL part.'),
      // Listed but not implemented: a card that lies.
      skill('translate', 'Translate text between any two languages.'),
    ],
  };
}
