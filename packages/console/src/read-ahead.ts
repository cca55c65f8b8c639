import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One API answer as the page would have received it. */
export interface ReadAheadAnswer {
  status: number;
  body: unknown;
}

/** The answers a page request starts with, by API path (`/me`, `/tools?limit=50&facets=true`). */
export type ConsoleReadAhead = (
  request: IncomingMessage,
) => Promise<Record<string, ReadAheadAnswer>>;

interface ViewRequests {
  initialRequests(params: URLSearchParams): string[];
}

/** How long one read ahead may take before the page is sent without it. */
const READ_AHEAD_TIMEOUT_MS = 10_000;

function isViewRequests(value: unknown): value is ViewRequests {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { initialRequests?: unknown }).initialRequests === 'function'
  );
}

/** The address this server answered the request on, as a URL origin (`http://[::1]:3333`). */
function localOrigin(request: IncomingMessage): string | undefined {
  const { localAddress, localPort } = request.socket;
  if (!localAddress || !localPort) return undefined;
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${localPort}`;
}

async function readOne(url: string): Promise<ReadAheadAnswer | undefined> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(READ_AHEAD_TIMEOUT_MS),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return undefined;
    return { status: response.status, body: await response.json() };
  } catch {
    // Not read ahead: the page asks for it itself.
    return undefined;
  }
}

/**
 * Reads, for each page request, the API answers that page starts with, from this same server and
 * as an anonymous caller (no credential of the request is passed on): the front door's host
 * checks, authentication and the policy's visibility apply as to any caller. Which answers a view
 * starts with is named once, in the page's own `js/view-requests.js`; without that file nothing is
 * read ahead.
 */
export async function readAheadFor(
  assetsDir: string,
  apiBase: string,
): Promise<ConsoleReadAhead | undefined> {
  let views: unknown;
  try {
    views = await import(pathToFileURL(join(assetsDir, 'js', 'view-requests.js')).href);
  } catch {
    return undefined;
  }
  if (!isViewRequests(views)) return undefined;
  const requests = views;
  return async (request) => {
    const origin = localOrigin(request);
    if (!origin) return {};
    const params = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const [me, ...rest] = requests.initialRequests(params);
    if (me === undefined) return {};
    const who = await readOne(`${origin}${apiBase}${me}`);
    // A server that refuses anonymous callers gets the sign-in form, and nothing else is read.
    if (who?.status !== 200) return {};
    const answers: Record<string, ReadAheadAnswer> = { [me]: who };
    const read = await Promise.all(rest.map((path) => readOne(`${origin}${apiBase}${path}`)));
    rest.forEach((path, index) => {
      const answer = read[index];
      if (answer) answers[path] = answer;
    });
    return answers;
  };
}
