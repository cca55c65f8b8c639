import { ArsenalError, CancelledError, ToolTimeoutError } from '@arsenal/core';
import { A2aTaskError, A2aUnavailableError } from './a2a-errors.js';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Whether the failure is the network (refused, reset, dropped), not the agent's answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (codesOf(error).some((code) => NETWORK_CODES.has(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return /fetch failed|terminated|socket|network|other side closed|premature/i.test(message);
}

function httpStatusOf(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /\b(?:HTTP|status)\D{0,12}(\d{3})\b/i.exec(message);
  return match ? Number(match[1]) : undefined;
}

export interface CallErrorContext {
  toolName: string;
  agentUrl: string;
  taskId: string | undefined;
  signal: AbortSignal;
}

/** Any failure of a call as the ArsenalError the engine reports. */
export function toCallError(error: unknown, context: CallErrorContext): ArsenalError {
  if (context.signal.aborted) {
    const reason: unknown = context.signal.reason;
    if (ArsenalError.isInstance(reason)) return reason;
    return new CancelledError(`A2A tool "${context.toolName}" was cancelled.`, { cause: reason });
  }
  if (ArsenalError.isInstance(error)) return error;
  if (isNetworkFailure(error))
    return new A2aUnavailableError(
      context.agentUrl,
      `the connection failed during a call to "${context.toolName}" (${(error as Error).message})`,
      { cause: error },
    );
  const status = httpStatusOf(error);
  if (status === 401 || status === 403)
    return new A2aTaskError(
      context.toolName,
      'unauthorized',
      `the agent refused the credentials (HTTP ${status}); set credentials.bearerToken or credentials.apiKey for this agent`,
      { cause: error, code: 'a2a_unauthorized' },
    );
  if (status !== undefined && status >= 500)
    return new A2aUnavailableError(context.agentUrl, `it answered HTTP ${status}`, {
      cause: error,
    });
  return new A2aTaskError(
    context.toolName,
    'protocol',
    error instanceof Error ? error.message : String(error),
    {
      cause: error,
      ...(context.taskId ? { taskId: context.taskId } : {}),
      code: 'a2a_protocol_error',
    },
  );
}

export function timeoutError(toolName: string, timeoutMs: number): ToolTimeoutError {
  return new ToolTimeoutError(toolName, timeoutMs);
}
