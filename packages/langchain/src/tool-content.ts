import type { ToolResult } from '@arsenal/core';

/** What the model reads back from a call: the result, or what went wrong and what to do next. */
export function toolResultContent(result: ToolResult): string {
  if (result.status === 'success') {
    return typeof result.result === 'string'
      ? result.result
      : JSON.stringify(result.result ?? null);
  }
  if (result.status === 'pending_confirmation') {
    return JSON.stringify({
      status: result.status,
      message: `The call needs a human's confirmation (${result.confirmation?.reason ?? 'policy'}). Ask the user before going on.`,
      confirmationId: result.confirmation?.id,
    });
  }
  return JSON.stringify({
    status: result.status,
    error: result.error?.message ?? result.status,
    code: result.error?.code,
    retryable: result.error?.retryable,
    suggestions: result.error?.suggestions,
  });
}

/** Whether the call produced a usable result. */
export function isToolResultOk(result: ToolResult): boolean {
  return result.status === 'success';
}
