import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response the fake sends instead of embeddings, once. */
export interface ScriptedFault {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface FakeOllamaServer {
  baseUrl: string;
  /** Every `/api/embed` request body, in arrival order. */
  requests: Array<{
    model: string;
    input: string | string[];
    truncate?: boolean;
    keep_alive?: unknown;
    dimensions?: number;
  }>;
  fail(...faults: ScriptedFault[]): void;
  /** Hold every response until the request is aborted. */
  hang: boolean;
  close(): Promise<void>;
}

/** Models the fake has "pulled", with their embedding length. */
const MODELS: Record<string, number> = { 'nomic-embed-text': 768, 'all-minilm': 384 };

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
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server speaking Ollama's documented `POST /api/embed`: `input` as a string or a list,
 * `{ model, embeddings, total_duration, load_duration, prompt_eval_count }` back, and
 * `{ "error": "..." }` bodies (404 for a model not pulled, 400 for a bad body).
 */
export async function startFakeOllamaServer(): Promise<FakeOllamaServer> {
  const faults: ScriptedFault[] = [];
  const requests: FakeOllamaServer['requests'] = [];
  const state = { hang: false };
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/api/embed') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('404 page not found');
      return;
    }
    let body: FakeOllamaServer['requests'][number];
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      send(response, 400, { error: 'invalid character looking for beginning of value' });
      return;
    }
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
    const native = MODELS[body.model.replace(/:latest$/, '')];
    if (native === undefined) {
      send(response, 404, { error: `model "${body.model}" not found, try pulling it first` });
      return;
    }
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(inputs)) {
      send(response, 400, { error: 'invalid input type' });
      return;
    }
    const size = body.dimensions ?? native;
    send(response, 200, {
      model: body.model,
      embeddings: inputs.map((input) => fakeEmbedding(input, size)),
      total_duration: 14143917,
      load_duration: 1019500,
      prompt_eval_count: inputs.length * 8,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    fail: (...more) => faults.push(...more),
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
