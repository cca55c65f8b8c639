import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ArsenalError } from '@arsenal/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressGuard } from './address-guard.js';
import { sendRequest } from './http-transport.js';

/**
 * A server that closes the connection instead of answering the requests `drop` picks (by their
 * number, from 1): what a client meets when its request crosses the server's close of an idle
 * kept-alive connection.
 */
async function startServer(drop: (n: number) => boolean) {
  const seen: { method: string; socket: number }[] = [];
  const sockets = new Map<Socket, number>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let id = sockets.get(request.socket);
    if (id === undefined) {
      id = sockets.size;
      sockets.set(request.socket, id);
    }
    seen.push({ method: request.method ?? '', socket: id });
    request.resume();
    request.on('end', () => {
      if (drop(seen.length)) request.socket.destroy();
      else response.end(JSON.stringify({ answer: seen.length }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    seen,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const options = () => ({
  guard: new AddressGuard({ allow: ['loopback'] }),
  signal: new AbortController().signal,
  maxRedirects: 5,
  maxResponseBytes: 1_000_000,
});

const request = (method: string, url: string) => ({
  method,
  url: new URL(url),
  headers: {},
  ...(method === 'POST' ? { body: new TextEncoder().encode('{}') } : {}),
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('a request sent on a kept-alive socket the server closed', () => {
  it('is sent again on a new connection when it is idempotent', async () => {
    const server = await startServer((n) => n === 2);
    close = server.close;
    const first = await sendRequest(request('GET', server.url), options());
    expect(JSON.parse(first.body.toString())).toEqual({ answer: 1 });
    const second = await sendRequest(request('GET', server.url), options());
    expect(JSON.parse(second.body.toString())).toEqual({ answer: 3 });
    // The second went out on the first one's socket, was dropped, and went again on a new one.
    expect(server.seen).toEqual([
      { method: 'GET', socket: 0 },
      { method: 'GET', socket: 0 },
      { method: 'GET', socket: 1 },
    ]);
  });

  it('is not sent again when it is not idempotent, and fails as a connection failure', async () => {
    const server = await startServer((n) => n === 2);
    close = server.close;
    await sendRequest(request('POST', server.url), options());
    const failure = await sendRequest(request('POST', server.url), options()).catch((e) => e);
    expect(ArsenalError.isInstance(failure)).toBe(true);
    expect(failure.code).toBe('connection_failed');
    expect(failure.message).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNRESET\)/);
    expect(server.seen).toEqual([
      { method: 'POST', socket: 0 },
      { method: 'POST', socket: 0 },
    ]);
  });

  it('is sent again once only: a new connection dropped too fails the request', async () => {
    const server = await startServer((n) => n >= 2);
    close = server.close;
    await sendRequest(request('GET', server.url), options());
    const failure = await sendRequest(request('GET', server.url), options()).catch((e) => e);
    expect(failure.code).toBe('connection_failed');
    expect(server.seen).toEqual([
      { method: 'GET', socket: 0 },
      { method: 'GET', socket: 0 },
      { method: 'GET', socket: 1 },
    ]);
  });
});
