import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

/** One raw HTTP exchange, for what SDK clients never send. */
export function sendRaw(
  url: string,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
  method = 'POST',
  /** The client address to send from (another loopback address is another anonymous client). */
  localAddress?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/**
 * Open a TCP connection, write `text` and never write more; resolves with everything the server
 * sent once it closes the connection.
 */
export function sendAndStall(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
}

export function initializeBody(id = 1, protocolVersion = '2025-06-18'): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
  });
}
