import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedFault {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface FakeCohereServer {
  baseUrl: string;
  apiKey: string;
  /** Every `/v2/embed` body that passed auth, in arrival order. */
  requests: Array<Record<string, unknown> & { texts: string[]; input_type: string }>;
  /** Every HTTP request, refused ones included. */
  hits: number;
  fail(...faults: ScriptedFault[]): void;
  hang: boolean;
  close(): Promise<void>;
}

const MODELS: Record<string, number> = {
  'embed-v4.0': 1536,
  'embed-english-v3.0': 1024,
  'embed-english-light-v3.0': 384,
};

/** A deterministic unit vector from hashed words. */
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
 * A local server speaking Cohere's documented `POST /v2/embed`: bearer auth (401
 * `{"message":"invalid api token"}`), at most 96 texts, `input_type` required,
 * `output_dimension` for embed-v4.0, `embeddings.float` back with `meta.billed_units`.
 */
export async function startFakeCohereServer(
  apiKey = 'co-test-secret-key-789',
): Promise<FakeCohereServer> {
  const faults: ScriptedFault[] = [];
  const requests: FakeCohereServer['requests'] = [];
  const state = { hang: false, hits: 0 };
  const server: Server = createServer(async (request, response) => {
    state.hits += 1;
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v2/embed') {
      send(response, 404, { message: `route ${request.method} ${request.url} not found` });
      return;
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      send(response, 401, { id: 'err-401', message: 'invalid api token' });
      return;
    }
    const body = JSON.parse(raw) as FakeCohereServer['requests'][number];
    requests.push(body);
    if (state.hang) {
      request.on('close', () => response.destroy());
      return;
    }
    const fault = faults.shift();
    if (fault) {
      send(response, fault.status, fault.body, fault.headers);
      return;
    }
    const native = MODELS[String(body.model)];
    if (native === undefined) {
      send(response, 404, {
        id: 'err-404',
        message: `model '${String(body.model)}' not found, make sure the correct model ID was used and that you have access to the model.`,
      });
      return;
    }
    const validTypes = ['search_document', 'search_query', 'classification', 'clustering'];
    if (!validTypes.includes(body.input_type)) {
      send(response, 400, {
        id: 'err-400',
        message:
          "invalid request: input_type must be one of 'search_document', 'search_query', 'classification', 'clustering', 'image'",
      });
      return;
    }
    if (!Array.isArray(body.texts) || body.texts.length === 0 || body.texts.length > 96) {
      send(response, 400, {
        id: 'err-400',
        message: 'invalid request: texts must be an array of 1 to 96 strings',
      });
      return;
    }
    const size = typeof body.output_dimension === 'number' ? body.output_dimension : native;
    send(
      response,
      200,
      {
        id: `embed-${requests.length}`,
        embeddings: { float: body.texts.map((text) => fakeEmbedding(text, size)) },
        texts: body.texts,
        meta: {
          api_version: { version: '2' },
          billed_units: { input_tokens: body.texts.length * 5 },
        },
      },
      { 'x-endpoint-monthly-call-limit': '1000', 'x-trial-endpoint-call-remaining': '999' },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
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
