import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import { type Arsenal, createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpToolSource } from './http-tool-source.js';

/** An API that misbehaves on purpose, one way per path. */
let api = '';
/** A raw TCP server that answers whatever bytes a test sets. */
let raw = '';
let rawAnswer = '';
const servers: { close(): void }[] = [];
const sockets = new Set<Socket>();
const arsenals: Arsenal[] = [];

beforeAll(async () => {
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/half-body')) {
      // Promises 1,000 bytes, sends 10, then hangs up.
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"partial"');
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    if (path.startsWith('/stall-body')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"slow":');
      const timer = setTimeout(() => response.end('1}'), 30_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (path.startsWith('/bad-gzip')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end('definitely not gzip');
      return;
    }
    response.writeHead(404);
    response.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tcp = createTcpServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => socket.end(rawAnswer));
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  raw = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
  servers.push({ close: () => server.close() }, { close: () => tcp.close() });
});

afterAll(async () => {
  await Promise.all(arsenals.map((arsenal) => arsenal.close()));
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
});

async function call(url: string, options: { timeoutMs?: number } = {}) {
  const arsenal = createArsenal();
  arsenals.push(arsenal);
  await arsenal.addSource(
    createHttpToolSource({
      name: 'hostile',
      allowAddresses: ['loopback'],
      maxRetries: 0,
      ...options,
      tools: [{ name: 'get', description: 'Call a misbehaving API.', url }],
    }),
  );
  return arsenal.execute({ tool: 'hostile.get', arguments: {} });
}

describe('an API that misbehaves gets a typed error, never a hang', () => {
  it('a body cut short (connection closed mid-body) is a retryable connection failure', async () => {
    const result = await call(`${api}/half-body`);
    expect(result.error).toMatchObject({ code: 'connection_failed', retryable: true });
    expect(result.error?.message).toContain(api);
  });

  it('a body that stalls after the headers times out at the attempt timeout', async () => {
    const result = await call(`${api}/stall-body`, { timeoutMs: 400 });
    expect(result.error).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('a body that is not the encoding it claims is an execution failure naming the encoding', async () => {
    const result = await call(`${api}/bad-gzip`);
    expect(result.error?.code).toBe('execution_failed');
    expect(result.error?.message).toContain('gzip');
  });

  it.each([
    ['a garbage status line', 'SSH-2.0-OpenSSH_9.2\r\n\r\n'],
    ['a response cut inside the headers', 'HTTP/1.1 200 OK\r\nContent-Type: appl'],
    [
      'a flood of headers',
      `HTTP/1.1 200 OK\r\n${'X-Flood: aaaaaaaaaaaaaaaaaaaaaaaa\r\n'.repeat(4000)}\r\n`,
    ],
  ])('%s is a retryable connection failure', async (_kind, answer) => {
    rawAnswer = answer;
    const result = await call(`${raw}/x`);
    expect(result.error).toMatchObject({ code: 'connection_failed', retryable: true });
  });
});
