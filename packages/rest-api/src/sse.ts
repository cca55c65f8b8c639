import type { ServerResponse } from 'node:http';
import type { Arsenal, InvocationStatus, ProgressUpdate } from '@arsenal/core';

/** How often a quiet stream sends a comment, so proxies do not close it as idle. */
const HEARTBEAT_MS = 15_000;

/**
 * Starts a Server-Sent Events response (with the client's reconnect delay) and returns the
 * function that sends one numbered event on it.
 */
function openEventStream(
  response: ServerResponse,
  retryMs: number,
): (event: string, data: unknown) => void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${retryMs}\n\n`);
  let sequence = 0;
  return (event, data) => {
    sequence += 1;
    response.write(`id: ${sequence}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
}

/**
 * Follow an invocation as Server-Sent Events: a `status` event first, a `progress` event per
 * update the tool reports, then a `result` event with the final status, and the stream ends.
 * A client that disconnects stops the stream, not the invocation (cancel does that).
 */
export async function streamInvocation(
  arsenal: Arsenal,
  id: string,
  response: ServerResponse,
  retryMs: number,
): Promise<void> {
  const send = openEventStream(response, retryMs);
  // Subscribe before the first status, so no update falls between the two.
  const iterator = arsenal.stream(id)[Symbol.asyncIterator]();
  const pending = iterator.next();
  send('status', arsenal.status(id));
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const closed = new Promise<'closed'>((resolve) =>
    response.once('close', () => resolve('closed')),
  );
  try {
    let next: Promise<IteratorResult<ProgressUpdate>> = pending;
    for (;;) {
      const step = await Promise.race([next, closed]);
      if (step === 'closed') {
        void iterator.return?.();
        return;
      }
      if (step.done) break;
      send('progress', step.value);
      next = iterator.next();
    }
    await arsenal.result(id);
    send('result', arsenal.status(id));
    response.end();
  } finally {
    clearInterval(heartbeat);
  }
}

/** Where a stream reads a shared invocation's status and how it tells clients to reconnect. */
export interface SharedStreamOptions {
  retryMs: number;
  pollMs: number;
}

/**
 * Follow an invocation another replica runs, from its shared status: the same events as
 * `streamInvocation` (`status`, a `progress` event whenever progress or message changed, then
 * `result`), read every `pollMs`. When the status can no longer be read (it expired, or the store
 * is down) an `error` event says so and the stream ends; the client may reconnect.
 */
export async function streamSharedInvocation(
  arsenal: Arsenal,
  first: InvocationStatus,
  response: ServerResponse,
  options: SharedStreamOptions,
): Promise<void> {
  const send = openEventStream(response, options.retryMs);
  send('status', first);
  let closed = false;
  // The wait between reads ends early when the client goes: a closed stream holds no timer.
  let wake: (() => void) | undefined;
  response.once('close', () => {
    closed = true;
    wake?.();
  });
  let last = first;
  let lastBeat = Date.now();
  while (!closed && last.completedAt === undefined) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
    if (closed) return;
    const next = await arsenal.findInvocation(first.id).catch(() => undefined);
    if (!next) {
      send('error', {
        code: 'invocation_unavailable',
        message: `The status of invocation "${first.id}" can no longer be read (it expired, or the shared state store did not answer); reconnect, or read GET /invocations/${first.id}.`,
      });
      response.end();
      return;
    }
    if (next.completedAt === undefined) {
      if (next.progress !== last.progress || next.message !== last.message) {
        send('progress', {
          ...(next.progress !== undefined ? { progress: next.progress } : {}),
          ...(next.message !== undefined ? { message: next.message } : {}),
        });
        lastBeat = Date.now();
      } else if (Date.now() - lastBeat >= HEARTBEAT_MS) {
        response.write(': keep-alive\n\n');
        lastBeat = Date.now();
      }
    }
    last = next;
  }
  if (closed) return;
  send('result', last);
  response.end();
}
