import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response the fake sends instead of embeddings, once. */
export interface ScriptedFault {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface FakeOpenAIServer {
  /** API root to pass as baseUrl: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Every embeddings request body, in arrival order (faulted ones included). */
  requests: Array<{
    model: string;
    input: string[];
    dimensions?: number;
    encoding_format?: string;
  }>;
  /** Every HTTP request that reached the server, refused ones included. */
  hits: number;
  /** Queue responses to send before answering normally again. */
  fail(...faults: ScriptedFault[]): void;
  /** Hold every response until the request is aborted (for abort tests). */
  hang: boolean;
  close(): Promise<void>;
}

const MODEL_SIZES: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** A deterministic unit vector from hashed words, so related texts point the same way. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = 0.01;
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

/** OpenAI's documented error body. */
export function openAIError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function send(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server speaking OpenAI's documented `POST /v1/embeddings` shapes: bearer auth
 * (401 `invalid_api_key`), 2048-input limit (400), `dimensions` for text-embedding-3 models,
 * rate-limit headers on every answer, and scripted 429/5xx faults.
 */
export async function startFakeOpenAIServer(
  apiKey = 'sk-test-secret-key-123',
  port = 0,
): Promise<FakeOpenAIServer> {
  const faults: ScriptedFault[] = [];
  const requests: FakeOpenAIServer['requests'] = [];
  const state = { hang: false, hits: 0 };
  const server: Server = createServer(async (request, response) => {
    state.hits += 1;
    const rateHeaders = {
      'x-ratelimit-limit-requests': '3000',
      'x-ratelimit-remaining-requests': '2999',
      'x-ratelimit-reset-requests': '20ms',
      'x-request-id': `req_${requests.length}`,
    };
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      send(
        response,
        404,
        openAIError(
          `Invalid URL (${request.method} ${request.url})`,
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    const raw = await readBody(request);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      const shown = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      send(
        response,
        401,
        openAIError(
          `Incorrect API key provided: ${shown.slice(0, 8)}***. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
      return;
    }
    let body: FakeOpenAIServer['requests'][number];
    try {
      body = JSON.parse(raw);
    } catch {
      send(
        response,
        400,
        openAIError(
          'We could not parse the JSON body of your request.',
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    requests.push(body);
    if (state.hang) {
      request.on('close', () => response.destroy());
      return;
    }
    const fault = faults.shift();
    if (fault) {
      send(response, fault.status, fault.body, { ...rateHeaders, ...fault.headers });
      return;
    }
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > 2048) {
      send(
        response,
        400,
        openAIError(
          "'input' must be a non-empty array of at most 2048 strings.",
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    if (inputs.some((input) => typeof input !== 'string' || input === '')) {
      send(
        response,
        400,
        openAIError(
          "'$.input' is invalid. Please check the API reference.",
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    const native = MODEL_SIZES[body.model];
    if (native === undefined) {
      send(
        response,
        404,
        openAIError(
          `The model \`${body.model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
      return;
    }
    if (
      body.dimensions !== undefined &&
      (body.model === 'text-embedding-ada-002' || body.dimensions > native)
    ) {
      send(
        response,
        400,
        openAIError(
          'This model does not support specifying dimensions.',
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    const size = body.dimensions ?? native;
    const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
    // The API places each vector by `index`; answer in reverse to prove clients read it.
    const data = inputs
      .map((input, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(input, size),
      }))
      .reverse();
    send(
      response,
      200,
      {
        object: 'list',
        data,
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      },
      rateHeaders,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    apiKey,
    requests,
    fail: (...more) => faults.push(...more),
    get hits() {
      return state.hits;
    },
    set hits(value: number) {
      state.hits = value;
    },
    get hang() {
      return state.hang;
    },
    set hang(value: boolean) {
      state.hang = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
