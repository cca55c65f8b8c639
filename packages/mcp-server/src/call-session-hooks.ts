import type { CallCancellation, ProgressUpdate, ToolLogEntry } from '@arsenal/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  ProgressToken,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { SessionLogging } from './session-logging.js';

/** What the SDK hands a `tools/call` handler: the call's id, signal and notification channel. */
export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The part of {@link CallExtra} a call's hooks use; the direct tools/call path provides it too,
 * with a `cancellation` that lets the engine hear of a cancel without reading `signal` (which
 * that path makes only when asked for it).
 */
export type CallChannel = Pick<CallExtra, 'requestId' | 'signal' | 'sendNotification'> & {
  cancellation?: CallCancellation;
};

/** Sends a tool's progress as `notifications/progress`; undefined when the client sent no token. */
export function progressReporter(
  extra: CallChannel,
  progressToken: ProgressToken | undefined,
): ((update: ProgressUpdate) => void) | undefined {
  return progressToken === undefined ? undefined : progressSender(extra, progressToken);
}

function progressSender(
  extra: CallChannel,
  progressToken: ProgressToken,
): (update: ProgressUpdate) => void {
  let step = 0;
  return (update: ProgressUpdate) => {
    step++;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          // Arsenal reports a fraction; MCP counts progress in the units of total.
          progress:
            update.progress === undefined
              ? step
              : update.total === undefined
                ? update.progress
                : update.progress * update.total,
          ...(update.total === undefined ? {} : { total: update.total }),
          ...(update.message === undefined ? {} : { message: update.message }),
        },
      })
      .catch(() => {});
  };
}

/** Sends a tool's log entries the session's level lets through, related to the call. */
export function logForwarder(
  extra: CallChannel,
  logging: SessionLogging,
): (entry: ToolLogEntry, tool: string) => void {
  return (entry: ToolLogEntry, tool: string) => {
    const notification = logging.notificationFor(entry, tool);
    if (!notification) return;
    try {
      void extra.sendNotification(notification).catch(() => {});
    } catch {
      // Data that cannot be serialised must not fail the call.
    }
  };
}

/**
 * Asks the user through elicitation whether a call needing confirmation may run: true or false
 * as answered, undefined when the client could not be asked. Undefined without elicitation.
 */
export function confirmationAsker(
  server: Server,
  extra: CallChannel,
): ((message: string) => Promise<boolean | undefined>) | undefined {
  const elicitation = server.getClientCapabilities()?.elicitation;
  return elicitation === undefined
    ? undefined
    : async (message: string): Promise<boolean | undefined> => {
        try {
          const answer = await server.elicitInput(
            {
              message,
              requestedSchema: {
                type: 'object',
                properties: {
                  confirm: {
                    type: 'boolean',
                    title: 'Run this tool call?',
                    description: 'Yes runs it now; no cancels it.',
                  },
                },
                required: ['confirm'],
              },
            },
            { relatedRequestId: extra.requestId, signal: extra.signal },
          );
          if (answer.action === 'accept') return answer.content?.confirm === true;
          return false;
        } catch {
          // The client could not be asked after all: fall back to a pending result.
          return undefined;
        }
      };
}
