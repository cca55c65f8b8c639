import { EmbedderError } from '@arsenal/core';
import {
  type JsonServiceCall,
  type JsonServiceDescription,
  postJsonWithRetry,
} from '@arsenal/core/adapter';

const ollama: JsonServiceDescription = {
  service: 'Ollama',
  createError: (message, options) => new EmbedderError(message, options),
  notJsonHint: 'check baseUrl points at an Ollama server',
  hintForStatus: (status) =>
    status === 404
      ? 'pull the model first (`ollama pull <model>`) and check baseUrl'
      : status === 401 || status === 403
        ? 'check the headers a proxy in front of Ollama needs'
        : status === 429 || status >= 500
          ? 'the server is busy or failed; retried with backoff, then gave up'
          : 'check the request options (model, dimensions, truncate)',
};

/** POST JSON to Ollama, retrying 429, 5xx, timeouts and dropped connections. */
export function postOllama(options: JsonServiceCall): Promise<unknown> {
  return postJsonWithRetry({ ...options, ...ollama });
}
