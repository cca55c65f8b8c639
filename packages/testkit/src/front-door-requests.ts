import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** What a raw request got back. `status` 0: the server closed without answering. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to send exactly as written: any Host, any Origin, any body. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Send a request whose headers go out as given (fetch would refuse a foreign Host). */
export function sendRawRequest(origin: string, raw: RawRequest): Promise<RawAnswer> {
  const url = new URL(raw.path, origin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: raw.method,
        headers: raw.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A server that answers an oversized body and closes may reset the upload.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        resolve({ status: 0, headers: {}, body: '' });
      } else reject(error);
    });
    if (raw.body !== undefined) outgoing.end(raw.body);
    else outgoing.end();
  });
}

/**
 * Write `text` to the server and never finish the request; resolves with whatever the server
 * writes before it closes the connection (a slow-headers or slow-body attack).
 */
export function sendAndStall(origin: string, text: string): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(text));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** The HTTP status of a raw answer text (`HTTP/1.1 408 ...`), or 0. */
export function statusOfRawText(text: string): number {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  return match?.[1] ? Number(match[1]) : 0;
}

/**
 * What an error body must never carry: a stack frame, an absolute path of this machine, a
 * dependency folder. Returns what leaked, or undefined.
 */
export function leakIn(body: string): string | undefined {
  if (/\n\s+at\s/.test(body) || /\bat\s+\S+\s+\([^)]*:\d+:\d+\)/.test(body)) return 'a stack trace';
  if (body.includes('node_modules')) return 'a dependency path';
  const cwd = process.cwd();
  if (cwd.length > 1 && body.includes(cwd)) return 'the working directory';
  if (/(^|["\s(])\/(home|root|usr|opt|var|tmp|work|srv|app)\//.test(body)) {
    return 'an absolute path';
  }
  return undefined;
}
