import type { ToolResult } from '@arsenal/core';

/**
 * A call's outcome as the text a model reads: the result's JSON when it succeeded; otherwise the
 * status, the error's code, message and suggestions, and the confirmation id of a held call.
 */
export function toolResultText(result: ToolResult): string {
  if (result.status === 'success') {
    return typeof result.result === 'string'
      ? result.result
      : JSON.stringify(result.result ?? null);
  }
  return JSON.stringify({
    status: result.status,
    ...(result.error
      ? {
          error: {
            code: result.error.code,
            message: result.error.message,
            ...(result.error.suggestions?.length ? { suggestions: result.error.suggestions } : {}),
          },
        }
      : {}),
    ...(result.confirmation
      ? { confirmationId: result.confirmation.id, reason: result.confirmation.reason }
      : {}),
  });
}
