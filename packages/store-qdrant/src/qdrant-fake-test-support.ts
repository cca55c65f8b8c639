import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passes } from './qdrant-fake-filter-test-support.js';
import { HttpError, readJson } from './qdrant-fake-http-test-support.js';

// A local stand-in for the Qdrant REST API (no Qdrant server runs here). It answers exactly the
// calls the store makes, with Qdrant's documented shapes: `{ result, status: "ok", time }` on
// success and `{ status: { error }, time }` with the HTTP status on failure. Vectors of a Cosine
// collection are normalised on write, as Qdrant does, and scores are dot products of unit vectors.

interface Point {
  id: string | number;
  vector: number[];
  payload: Record<string, unknown>;
}

interface Collection {
  size: number;
  distance: string;
  points: Map<string, Point>;
}

export interface QdrantFake {
  readonly url: string;
  /** Every request seen, as `METHOD /path` with the collection name replaced by `{name}`. */
  readonly requests: string[];
  /** Requests that change data: collection create/delete, point upsert/delete. */
  writes(): number;
  /** Answers the next `count` requests with this HTTP status (e.g. 503, or 429 with Retry-After). */
  failNext(count: number, status: number, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export async function startQdrantFake(): Promise<QdrantFake> {
  const collections = new Map<string, Collection>();
  const requests: string[] = [];
  let failures: { remaining: number; status: number; headers: Record<string, string> } | undefined;

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean);
    requests.push(
      `${request.method} /${parts.map((part, index) => (index === 1 ? '{name}' : part)).join('/')}`,
    );
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const time = () => (performance.now() - started) / 1000;
    if (failures && failures.remaining > 0) {
      failures.remaining -= 1;
      send(
        failures.status,
        { status: { error: 'Service unavailable' }, time: time() },
        failures.headers,
      );
      return;
    }
    try {
      const body = await readJson(request);
      const result = route(request.method ?? 'GET', parts, body);
      send(200, { result, status: 'ok', time: time() });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      send(status, { status: { error: (error as Error).message }, time: time() });
    }
  }

  function route(method: string, parts: string[], body: Record<string, unknown>): unknown {
    if (parts[0] !== 'collections' || parts[1] === undefined) {
      throw new HttpError(404, `Not found: ${parts.join('/')}`);
    }
    const name = decodeURIComponent(parts[1]);
    const rest = parts.slice(2).join('/');
    if (rest === '' && method === 'PUT') return createCollection(name, body);
    if (rest === '' && method === 'DELETE') return collections.delete(name);
    const collection = collections.get(name);
    if (!collection) throw new HttpError(404, `Not found: Collection \`${name}\` doesn't exist!`);
    if (rest === '' && method === 'GET') return describe(collection);
    if (rest === 'points' && method === 'PUT') return upsert(collection, body);
    if (rest === 'points' && method === 'POST') return retrieve(collection, body);
    if (rest === 'points/delete' && method === 'POST') return remove(collection, body);
    if (rest === 'points/count' && method === 'POST') return { count: collection.points.size };
    if (rest === 'points/query' && method === 'POST') return query(collection, body);
    throw new HttpError(404, `Not found: ${method} ${parts.join('/')}`);
  }

  function createCollection(name: string, body: Record<string, unknown>): boolean {
    if (collections.has(name)) {
      throw new HttpError(409, `Wrong input: Collection \`${name}\` already exists!`);
    }
    const vectors = body.vectors as { size?: unknown; distance?: unknown } | undefined;
    if (
      typeof vectors?.size !== 'number' ||
      !['Cosine', 'Dot', 'Euclid', 'Manhattan'].includes(String(vectors.distance))
    ) {
      throw new HttpError(
        400,
        'Format error in JSON body: vectors: missing field `size` or `distance`',
      );
    }
    collections.set(name, {
      size: vectors.size,
      distance: String(vectors.distance),
      points: new Map(),
    });
    return true;
  }

  function upsert(collection: Collection, body: Record<string, unknown>) {
    const points = body.points;
    if (!Array.isArray(points))
      throw new HttpError(400, 'Format error in JSON body: missing field `points`');
    const checked = (points as Point[]).map((point) => {
      if (point.vector.length !== collection.size) {
        throw new HttpError(
          400,
          `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${point.vector.length}`,
        );
      }
      return {
        ...point,
        vector: collection.distance === 'Cosine' ? normalise(point.vector) : point.vector,
      };
    });
    for (const point of checked) collection.points.set(String(point.id), point);
    return { operation_id: requests.length, status: 'completed' };
  }

  function remove(collection: Collection, body: Record<string, unknown>) {
    if (Array.isArray(body.points)) {
      for (const id of body.points) collection.points.delete(String(id));
    } else if (body.filter !== undefined) {
      for (const [id, point] of collection.points) {
        if (passes(body.filter, point.payload)) collection.points.delete(id);
      }
    } else {
      throw new HttpError(400, 'Format error in JSON body: expected `points` or `filter`');
    }
    return { operation_id: requests.length, status: 'completed' };
  }

  function retrieve(collection: Collection, body: Record<string, unknown>) {
    const ids = Array.isArray(body.ids) ? body.ids : [];
    return ids.flatMap((id) => {
      const point = collection.points.get(String(id));
      return point ? [view(point, body.with_payload !== false, body.with_vector === true)] : [];
    });
  }

  function query(collection: Collection, body: Record<string, unknown>) {
    const vector = body.query;
    if (!Array.isArray(vector))
      throw new HttpError(400, 'Format error in JSON body: `query` must be a vector');
    if (vector.length !== collection.size) {
      throw new HttpError(
        400,
        `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${vector.length}`,
      );
    }
    const unit = normalise(vector as number[]);
    const limit = typeof body.limit === 'number' ? body.limit : 10;
    const scored = [...collection.points.values()]
      .filter((point) => body.filter === undefined || passes(body.filter, point.payload))
      .map((point) => ({ point, score: dot(unit, point.vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return {
      points: scored.map(({ point, score }) => ({
        ...view(point, body.with_payload !== false, body.with_vector === true),
        version: 0,
        score,
      })),
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    writes: () =>
      requests.filter((line) =>
        /^(PUT \/collections\/\{name\}(\/points)?|DELETE \/collections\/\{name\}|POST \/collections\/\{name\}\/points\/delete)$/.test(
          line,
        ),
      ).length,
    failNext(count, status, headers = {}) {
      failures = { remaining: count, status, headers };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function describe(collection: Collection) {
  return {
    status: 'green',
    optimizer_status: 'ok',
    points_count: collection.points.size,
    indexed_vectors_count: 0,
    segments_count: 1,
    config: {
      params: {
        vectors: { size: collection.size, distance: collection.distance },
        shard_number: 1,
        replication_factor: 1,
        write_consistency_factor: 1,
        on_disk_payload: true,
      },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000 },
      optimizer_config: {
        deleted_threshold: 0.2,
        vacuum_min_vector_number: 1000,
        default_segment_number: 0,
        flush_interval_sec: 5,
      },
      wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
    },
    payload_schema: {},
  };
}

function view(point: Point, withPayload: boolean, withVector: boolean) {
  return {
    id: point.id,
    ...(withPayload ? { payload: point.payload } : {}),
    ...(withVector ? { vector: point.vector } : {}),
  };
}

function normalise(vector: readonly number[]): number[] {
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += a[index]! * b[index]!;
  return sum;
}
