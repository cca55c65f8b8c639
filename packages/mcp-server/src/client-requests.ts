import type { ClientRequests } from '@arsenal/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * What a running tool may ask of the client that called it, by the capabilities that client
 * declared: elicitation, sampling and roots. Requests go out on the call's own stream
 * (`relatedRequestId`) and stop with the call. Undefined when the client declared none.
 */
export function clientRequestsOf(server: Server, callId: RequestId): ClientRequests | undefined {
  const capabilities = server.getClientCapabilities();
  if (!capabilities?.elicitation && !capabilities?.sampling && !capabilities?.roots)
    return undefined;
  const requests: ClientRequests = {};
  if (capabilities.elicitation) {
    requests.elicit = (request, { signal }) =>
      server.elicitInput(request as never, { relatedRequestId: callId, signal }) as never;
  }
  if (capabilities.sampling) {
    requests.sample = (request, { signal }) =>
      server.createMessage(request as never, { relatedRequestId: callId, signal }) as never;
  }
  if (capabilities.roots) {
    requests.listRoots = ({ signal }) =>
      server.listRoots(undefined, { relatedRequestId: callId, signal }) as never;
  }
  return requests;
}
