import type { CallCancellation } from './types.js';

/** What can cancel a call: its signal, its cancellation, or both. */
export interface CallAbortSources {
  signal?: AbortSignal | undefined;
  cancellation?: CallCancellation | undefined;
}

/** Whether the call has been cancelled by either of its sources. */
export function isCallAborted(sources: CallAbortSources): boolean {
  return sources.signal?.aborted === true || sources.cancellation?.aborted === true;
}

/** Why the call was cancelled: the reason of the source that aborted (the signal's first). */
export function callAbortReason(sources: CallAbortSources): unknown {
  return sources.signal?.aborted ? sources.signal.reason : sources.cancellation?.reason;
}

function ignore(): void {}

/**
 * Run `listener` once when either source aborts (at once when one already has); returns the
 * function that stops listening. No source: nothing to listen to, and nothing is made.
 */
export function watchCallAbort(
  sources: CallAbortSources,
  listener: (reason: unknown) => void,
): () => void {
  const { signal, cancellation } = sources;
  if (!signal) return cancellation ? cancellation.onAbort(listener) : ignore;
  if (!cancellation) {
    if (signal.aborted) {
      listener(signal.reason);
      return ignore;
    }
    const onAbort = () => listener(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }
  let told = false;
  const tell = (reason: unknown) => {
    if (told) return;
    told = true;
    stop();
    listener(reason);
  };
  const onSignal = () => tell(signal.reason);
  let unwatch = ignore;
  const stop = () => {
    signal.removeEventListener('abort', onSignal);
    unwatch();
  };
  if (signal.aborted) {
    tell(signal.reason);
    return ignore;
  }
  signal.addEventListener('abort', onSignal, { once: true });
  unwatch = cancellation.onAbort(tell);
  return told ? ignore : stop;
}

/**
 * An AbortSignal for the call, for what takes only a signal: the call's own when it has no
 * cancellation, else one made here that aborts with either source (undefined with neither).
 */
export function callAbortSignal(sources: CallAbortSources): AbortSignal | undefined {
  if (!sources.cancellation) return sources.signal;
  const controller = new AbortController();
  watchCallAbort(sources, (reason) => controller.abort(reason));
  return controller.signal;
}
