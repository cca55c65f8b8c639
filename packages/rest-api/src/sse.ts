import type { ServerResponse } from 'node:http';
import type { Arsenal, ProgressUpdate } from '@arsenal/core';

/** How often a quiet stream sends a comment, so proxies do not close it as idle. */
const HEARTBEAT_MS = 15_000;

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
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let sequence = 0;
  const send = (event: string, data: unknown) => {
    sequence += 1;
    response.write(`id: ${sequence}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  response.write(`retry: ${retryMs}\n\n`);
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
