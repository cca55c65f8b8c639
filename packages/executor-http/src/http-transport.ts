import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ArsenalError } from '@arsenal/core';
import type { AddressGuard, ResolvedAddress } from './address-guard.js';
import { HttpRequestRefusedError } from './errors.js';

/** One request, fully serialised. */
export interface OutgoingRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Uint8Array;
  /**
   * Credentials the source added, by where they sit: header names (lower case) and query
   * parameter names. None of them follows a redirect to another origin.
   */
  credentials?: { headers: string[]; query: string[] };
}

/** A complete answer, its body read into memory within the size cap. */
export interface IncomingResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: URL;
}

export interface TransportOptions {
  guard: AddressGuard;
  signal: AbortSignal;
  maxRedirects: number;
  maxResponseBytes: number;
  /** Whether a text holds a secret the source was configured with (header values, query values). */
  holdsSecret?: (text: string) => boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((
    _hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/**
 * Send a request over node:http(s), following redirects by hand: every hop's host is resolved and
 * checked by the guard, and the socket connects to the checked address only.
 */
export async function sendRequest(
  request: OutgoingRequest,
  options: TransportOptions,
): Promise<IncomingResponse> {
  let current = request;
  for (let hop = 0; ; hop += 1) {
    const response = await sendOverFreshSocketIfStale(current, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || location === undefined) return response;
    if (hop >= options.maxRedirects) {
      throw new HttpRequestRefusedError(
        'too_many_redirects',
        `${request.method} ${request.url.origin}${request.url.pathname} redirected more than ${options.maxRedirects} times (last to ${redactUrl(location)}); a redirect loop or a misconfigured server. Raise maxRedirects if the chain is legitimate.`,
      );
    }
    let next: URL;
    try {
      next = new URL(location, current.url);
    } catch (error) {
      throw new HttpRequestRefusedError('invalid_url', `Redirect to an invalid URL.`, {
        cause: error,
      });
    }
    const asGet =
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && current.method === 'POST');
    const crossOrigin = next.origin !== current.url.origin;
    const headers = crossOrigin
      ? withoutCredentials(current, next, options)
      : { ...current.headers };
    if (asGet) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase().startsWith('content-')) delete headers[name];
      }
    }
    current = {
      method: asGet ? 'GET' : current.method,
      url: next,
      headers,
      ...(asGet || current.body === undefined ? {} : { body: current.body }),
      ...(current.credentials ? { credentials: current.credentials } : {}),
    };
  }
}

/**
 * The headers that may follow a redirect to another origin, and `next` without the query
 * parameters that carry credentials. Credentials are for the origin they were configured for,
 * never a host it points to: the auth scheme headers, every header and query parameter the source
 * added as a credential (apiKey, configured `headers`), and any header or query value that holds
 * one of the source's secrets. A body holding a secret (an OAuth2 client secret sent in the form)
 * cannot be stripped without changing the request, so such a redirect is refused.
 */
function withoutCredentials(
  current: OutgoingRequest,
  next: URL,
  options: TransportOptions,
): Record<string, string> {
  const secret = options.holdsSecret ?? (() => false);
  const named = new Set([...CREDENTIAL_HEADERS, ...(current.credentials?.headers ?? [])]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(current.headers)) {
    if (!named.has(name.toLowerCase()) && !secret(value)) headers[name] = value;
  }
  const query = new Set(current.credentials?.query ?? []);
  const kept = next.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const [name = '', value = ''] = pair.split('=');
      return !query.has(decodeLoosely(name)) && !secret(decodeLoosely(value)) && !secret(pair);
    });
  next.search = kept.join('&');
  if (current.body !== undefined && secret(Buffer.from(current.body).toString('utf8'))) {
    throw new HttpRequestRefusedError(
      'credential_redirect',
      `${current.method} ${current.url.origin}${current.url.pathname} redirected to another origin (${next.origin}) with a body that holds a credential; the redirect was not followed. Point the source at the final URL if that origin is meant to receive it.`,
    );
  }
  return headers;
}

function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function redactUrl(location: string): string {
  return location.split('?')[0] ?? location;
}

/** Methods whose request may be sent twice with the effect of once (RFC 9110, 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/** A request written to a kept-alive socket the server had closed: nothing was answered. */
class StaleSocketError extends Error {
  constructor(readonly failure: unknown) {
    super('the kept-alive socket was closed by the server');
  }
}

/**
 * `sendOnce`, sent again once when an idempotent request went out on a kept-alive socket that the
 * server closed as it was reused (it closes idle connections after its keep-alive timeout, and a
 * request can cross that close): the agent then opens a new connection.
 */
async function sendOverFreshSocketIfStale(
  request: OutgoingRequest,
  options: TransportOptions,
): Promise<IncomingResponse> {
  try {
    return await sendOnce(request, options);
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    if (!IDEMPOTENT.has(request.method.toUpperCase()) || options.signal.aborted)
      throw toTransportError(error.failure, request.url, options.signal);
    return sendOnce(request, options, false);
  }
}

async function sendOnce(
  request: OutgoingRequest,
  options: TransportOptions,
  mayBeStale = true,
): Promise<IncomingResponse> {
  const { url } = request;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpRequestRefusedError(
      'invalid_url',
      `Only http and https URLs can be called, not "${url.protocol}".`,
    );
  }
  const target = await options.guard.check(url.hostname, options.signal);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(request.body.byteLength);
  return new Promise<IncomingResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const outgoing = send(
      url,
      {
        method: request.method,
        headers,
        lookup: pinnedLookup(target),
        signal: options.signal,
      },
      (incoming) => {
        readBody(incoming, options.maxResponseBytes, url).then(
          (body) => {
            if (settled) return;
            settled = true;
            resolve({
              status: incoming.statusCode ?? 0,
              headers: flatHeaders(incoming),
              body,
              url,
            });
          },
          // A body cut short is the connection failing, like a refused connect: retryable.
          (error) => fail(toTransportError(error, url, options.signal)),
        );
      },
    );
    outgoing.on('error', (error) => {
      const code = (error as { code?: string }).code;
      if (mayBeStale && outgoing.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE'))
        fail(new StaleSocketError(error));
      else fail(toTransportError(error, url, options.signal));
    });
    outgoing.end(request.body);
  });
}

function flatHeaders(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function tooLarge(url: URL, limit: number): HttpRequestRefusedError {
  return new HttpRequestRefusedError(
    'response_too_large',
    `The response of ${url.origin}${url.pathname} is larger than maxResponseBytes (${limit} bytes); it was not read. Ask for less (filters, pagination) or raise maxResponseBytes.`,
  );
}

function readBody(incoming: IncomingMessage, limit: number, url: URL): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(incoming.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      incoming.destroy();
      reject(tooLarge(url, limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        incoming.destroy();
        reject(tooLarge(url, limit));
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    incoming.on('error', reject);
    // Without an error some closes end the stream early: never wait for an end that cannot come.
    incoming.on('close', () => {
      if (!ended)
        reject(Object.assign(new Error('the response ended early'), { code: 'ECONNRESET' }));
    });
    incoming.on('end', () => {
      ended = true;
      try {
        resolve(decode(Buffer.concat(chunks), incoming.headers['content-encoding'], limit, url));
      } catch (error) {
        reject(ArsenalError.isInstance(error) ? error : tooLarge(url, limit));
      }
    });
  });
}

function decode(body: Buffer, encoding: string | undefined, limit: number, url: URL): Buffer {
  const options = { maxOutputLength: limit };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, options);
    if (encoding === 'deflate') return inflateSync(body, options);
    if (encoding === 'br') return brotliDecompressSync(body, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(url, limit);
    throw new ArsenalError('execution_failed', `Cannot decode the ${encoding} response body.`, {
      cause: error,
    });
  }
  return body;
}

function toTransportError(error: unknown, url: URL, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason ?? error;
  if (ArsenalError.isInstance(error)) return error;
  const code = (error as { code?: string }).code ?? (error as Error).message;
  return new ArsenalError(
    'connection_failed',
    `Cannot reach ${url.origin} (${code}); check that the API is up and the URL is right.`,
    { retryable: true, cause: error },
  );
}
