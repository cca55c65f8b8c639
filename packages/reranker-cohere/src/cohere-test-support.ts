import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedFault {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface FakeCohereRerankServer {
  baseUrl: string;
  apiKey: string;
  /** Every `/v2/rerank` body that passed auth, in arrival order. */
  requests: Array<{
    model: string;
    query: string;
    documents: string[];
    top_n?: number;
    max_tokens_per_doc?: number;
  }>;
  hits: number;
  fail(...faults: ScriptedFault[]): void;
  hang: boolean;
  close(): Promise<void>;
}

const MODELS = new Set(['rerank-v3.5', 'rerank-english-v3.0', 'rerank-multilingual-v3.0']);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1),
  );
}

/** A deterministic relevance in [0, 1]: the share of query words the document holds. */
export function fakeRelevance(query: string, document: string): number {
  const queryWords = words(query);
  const documentWords = words(document);
  let shared = 0;
  for (const word of queryWords) if (documentWords.has(word)) shared += 1;
  return queryWords.size === 0 ? 0 : Number((shared / queryWords.size).toFixed(6));
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
 * A local server speaking Cohere's documented `POST /v2/rerank`: bearer auth, `documents` as
 * strings, results sorted by `relevance_score` (highest first) each with its document `index`,
 * cut to `top_n`, and `{ "message": ... }` error bodies.
 */
export async function startFakeCohereRerankServer(
  apiKey = 'co-test-secret-key-789',
): Promise<FakeCohereRerankServer> {
  const faults: ScriptedFault[] = [];
  const requests: FakeCohereRerankServer['requests'] = [];
  const state = { hang: false, hits: 0 };
  const server: Server = createServer(async (request, response) => {
    state.hits += 1;
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v2/rerank') {
      send(response, 404, { message: `route ${request.method} ${request.url} not found` });
      return;
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      send(response, 401, { id: 'err-401', message: 'invalid api token' });
      return;
    }
    const body = JSON.parse(raw) as FakeCohereRerankServer['requests'][number];
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
    if (!MODELS.has(body.model)) {
      send(response, 404, {
        id: 'err-404',
        message: `model '${body.model}' not found, make sure the correct model ID was used and that you have access to the model.`,
      });
      return;
    }
    if (
      typeof body.query !== 'string' ||
      !Array.isArray(body.documents) ||
      body.documents.length === 0
    ) {
      send(response, 400, {
        id: 'err-400',
        message: 'invalid request: query and a non-empty list of documents are required',
      });
      return;
    }
    const results = body.documents
      .map((document, index) => ({ index, relevance_score: fakeRelevance(body.query, document) }))
      .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
      .slice(0, body.top_n ?? body.documents.length);
    send(response, 200, {
      id: `rerank-${requests.length}`,
      results,
      meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } },
    });
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
