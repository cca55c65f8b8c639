import { EmbedderError } from '@arsenal/core';
import { type ServiceCallContext, toServiceError } from '@arsenal/core/adapter';

type CallContext = Pick<ServiceCallContext, 'signal' | 'timeoutMs' | 'timedOut'> & {
  baseUrl: string;
  apiKey: string;
};

/** Turn whatever the Cohere SDK threw into an EmbedderError (or CancelledError), key left out. */
export function toEmbedderError(error: unknown, context: CallContext): Error {
  return toServiceError(error, {
    ...context,
    url: context.baseUrl,
    secret: context.apiKey,
    service: 'Cohere embed',
    createError: (message, options) => new EmbedderError(message, options),
    hintForStatus: (status) => cohereHint(status, 'model, dimensions, inputType'),
  });
}

/** What to check for a status Cohere answered with. */
function cohereHint(status: number, options: string): string {
  if (status === 401 || status === 403) return 'check the API key (COHERE_API_KEY)';
  if (status === 404) return 'check the model name and baseUrl';
  if (status === 429) return 'the rate limit was hit; retried with backoff, then gave up';
  if (status >= 500) return 'the service failed; retried with backoff, then gave up';
  return `check the options (${options})`;
}
