const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** W3C trace context of a call: the trace and the caller's span it belongs to. */
export interface TraceContext {
  traceId: string;
  spanId: string;
  /** Sampled by the caller; default true. */
  sampled?: boolean;
}

/** Whether `traceId` is a valid W3C trace id (one an OpenTelemetry backend will accept). */
export function isW3cTraceId(traceId: unknown): traceId is string {
  return typeof traceId === 'string' && isW3cId(traceId, 32);
}

/** Whether `spanId` is a valid W3C span (parent) id. */
export function isW3cSpanId(spanId: unknown): spanId is string {
  return typeof spanId === 'string' && isW3cId(spanId, 16);
}

/**
 * W3C trace-context ids: exactly `length` lowercase hex digits, not all zero. Read character by
 * character: exporters check every event's trace id, and a regular expression with a look-ahead
 * cost several times as much.
 */
function isW3cId(id: string, length: number): boolean {
  if (id.length !== length) return false;
  let nonZero = false;
  for (let index = 0; index < length; index++) {
    const code = id.charCodeAt(index);
    // 0-9 (48-57) and a-f (97-102).
    if (code > 48 && code <= 57) nonZero = true;
    else if (code >= 97 && code <= 102) nonZero = true;
    else if (code !== 48) return false;
  }
  return nonZero;
}

/**
 * The W3C `traceparent` header for a call, for executors to send on (HTTP header, MCP `_meta`,
 * A2A metadata) so a trace crosses into the tool; undefined when the ids are not W3C ids.
 *
 * @example formatTraceparent(context) // '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'
 */
export function formatTraceparent(context: {
  traceId?: string | undefined;
  spanId?: string | undefined;
  sampled?: boolean;
}): string | undefined {
  if (!isW3cTraceId(context.traceId) || !isW3cSpanId(context.spanId)) return undefined;
  return `00-${context.traceId}-${context.spanId}-${context.sampled === false ? '00' : '01'}`;
}

/** Read a `traceparent` header (version 00); undefined when it is absent or malformed. */
export function parseTraceparent(header: unknown): TraceContext | undefined {
  if (typeof header !== 'string') return undefined;
  const match = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!match) return undefined;
  const [, traceId, spanId, flags] = match;
  if (!isW3cTraceId(traceId) || !isW3cSpanId(spanId)) return undefined;
  return { traceId, spanId, sampled: (Number.parseInt(flags!, 16) & 1) === 1 };
}
