import { ArsenalError } from '../errors/arsenal-error.js';
import type { ClientRequestEvent } from '../events/events.js';
import type { ClientRequests, ToolCallContext } from '../ports/executor.js';

function unsupported(what: string): Promise<never> {
  return Promise.reject(
    new ArsenalError(
      'not_supported',
      `The caller cannot answer ${what}: it was called without a client that declared this capability (an MCP client with it, or ToolCall.client). Check context.clientCan before asking, or work without it.`,
    ),
  );
}

/**
 * Give a running tool `elicit`, `sample` and `listRoots`: the caller's client answers when it can,
 * each bound to the attempt's signal (read when a request is made) (a timeout or cancel abandons the question); otherwise they
 * reject with `not_supported`, so a handler can always call them and handle the refusal.
 */
export function bindClientRequests(
  context: ToolCallContext,
  client: ClientRequests | undefined,
  signal: () => AbortSignal,
): void {
  if (!client) {
    context.clientCan = NO_CLIENT;
    context.elicit = unsupportedElicit;
    context.sample = unsupportedSample;
    context.listRoots = unsupportedListRoots;
    return;
  }
  const elicit = client.elicit?.bind(client);
  const sample = client.sample?.bind(client);
  const listRoots = client.listRoots?.bind(client);
  context.clientCan = { elicit: !!elicit, sample: !!sample, listRoots: !!listRoots };
  context.elicit = (request) =>
    elicit ? elicit(request, { signal: signal() }) : unsupportedElicit();
  context.sample = (request) =>
    sample ? sample(request, { signal: signal() }) : unsupportedSample();
  context.listRoots = () => (listRoots ? listRoots({ signal: signal() }) : unsupportedListRoots());
}

/** What a call without a client can ask: nothing (one frozen answer shared by every call). */
export const NO_CLIENT = Object.freeze({ elicit: false, sample: false, listRoots: false });
export const unsupportedElicit = () => unsupported('elicitation (a question to its user)');
export const unsupportedSample = () => unsupported('sampling (a request to its model)');
export const unsupportedListRoots = () => unsupported('a request for its roots');

/**
 * The caller's client, recording every request a tool makes of it as an
 * `execution.client_request` event (who asked, for which call, and how it ended).
 */
export function recordedClient(
  client: ClientRequests | undefined,
  emit: (event: ClientRequestEvent) => void,
  call: Pick<ClientRequestEvent, 'traceId' | 'callId' | 'tool' | 'principalId'>,
): ClientRequests | undefined {
  if (!client) return undefined;
  const record = (kind: ClientRequestEvent['kind'], outcome: ClientRequestEvent['outcome']) =>
    emit({
      type: 'execution.client_request',
      time: new Date().toISOString(),
      ...call,
      kind,
      outcome,
    });
  const track = async <T>(kind: ClientRequestEvent['kind'], run: () => Promise<T>): Promise<T> => {
    try {
      const answer = await run();
      const action = (answer as { action?: unknown } | null)?.action;
      record(kind, action === 'decline' || action === 'cancel' ? 'declined' : 'answered');
      return answer;
    } catch (error) {
      record(kind, 'failed');
      throw error;
    }
  };
  const { elicit, sample, listRoots } = client;
  return {
    ...(elicit
      ? {
          elicit: (request, options) =>
            track('elicit', () => elicit.call(client, request, options)),
        }
      : {}),
    ...(sample
      ? {
          sample: (request, options) =>
            track('sample', () => sample.call(client, request, options)),
        }
      : {}),
    ...(listRoots
      ? { listRoots: (options) => track('list_roots', () => listRoots.call(client, options)) }
      : {}),
  };
}
