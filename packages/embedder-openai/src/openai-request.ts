import { EmbedderError } from '@arsenal/core';
import {
  type JsonServiceCall,
  type JsonServiceDescription,
  postJsonWithRetry,
} from '@arsenal/core/adapter';

const openAI: JsonServiceDescription = {
  service: 'OpenAI embeddings',
  createError: (message, options) => new EmbedderError(message, options),
  notJsonHint: 'check baseUrl points at an OpenAI-compatible API',
  hintForStatus: (status) =>
    status === 401 || status === 403
      ? 'check the API key (OPENAI_API_KEY) and its access to the model'
      : status === 404
        ? 'check baseUrl and the model name'
        : status === 429
          ? 'the rate limit or quota was hit; retried with backoff, then gave up'
          : status >= 500
            ? 'the service failed; retried with backoff, then gave up'
            : 'check the request options (model, dimensions)',
};

/** POST JSON to the embeddings endpoint, retrying 429, 5xx, timeouts and dropped connections. */
export function postEmbeddings(options: JsonServiceCall): Promise<unknown> {
  return postJsonWithRetry({ ...options, ...openAI });
}
