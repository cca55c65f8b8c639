import { RerankerError } from '@arsenal/core';
import { type ServiceCallContext, toServiceError } from '@arsenal/core/adapter';

type CallContext = Pick<ServiceCallContext, 'signal' | 'timeoutMs' | 'timedOut'> & {
  baseUrl: string;
  apiKey: string;
};

/** Turn whatever the Cohere SDK threw into a RerankerError (or CancelledError), key left out. */
export function toRerankerError(error: unknown, context: CallContext): Error {
  return toServiceError(error, {
    ...context,
    url: context.baseUrl,
    secret: context.apiKey,
    service: 'Cohere rerank',
    createError: (message, options) => new RerankerError(message, options),
    hintForStatus: (status) => {
      if (status === 401 || status === 403) return 'check the API key (COHERE_API_KEY)';
      if (status === 404) return 'check the model name and baseUrl';
      if (status === 429 || status >= 500) return 'retried with backoff, then gave up';
      return 'check the options (model, maxTokensPerDocument)';
    },
  });
}
