import type { IncomingResponse } from './http-transport.js';
import type { Redactor } from './redactor.js';

/** A binary answer as an embedded resource (MCP's shape), base64 in `blob`. */
export interface BinaryResource {
  type: 'resource';
  resource: { uri: string; mimeType: string; blob: string };
}

const TEXT_TYPES = [
  /^text\//,
  /^application\/(xml|javascript|x-www-form-urlencoded|x-yaml|yaml|graphql)$/,
  /\+xml$/,
];

/**
 * The result of a successful call: parsed JSON for JSON types, a string for text, a resource for
 * anything binary, `{ status }` for an empty answer. Known secrets are redacted.
 */
export function readResult(response: IncomingResponse, redactor: Redactor): unknown {
  const type = (response.headers['content-type'] ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (response.body.length === 0) return { status: response.status };
  if (type === 'application/json' || type.endsWith('+json') || type === '') {
    const text = response.body.toString('utf8');
    try {
      return redactor.redactValue(JSON.parse(text) as unknown);
    } catch {
      if (type !== '') return redactor.redact(text);
      if (looksLikeText(response.body)) return redactor.redact(text);
    }
  }
  if (TEXT_TYPES.some((pattern) => pattern.test(type))) {
    return redactor.redact(response.body.toString('utf8'));
  }
  return {
    type: 'resource',
    resource: {
      uri: `${response.url.origin}${response.url.pathname}`,
      mimeType: type || 'application/octet-stream',
      blob: response.body.toString('base64'),
    },
  } satisfies BinaryResource;
}

function looksLikeText(body: Buffer): boolean {
  const sample = body.subarray(0, 512);
  return !sample.includes(0) && Buffer.from(sample.toString('utf8'), 'utf8').equals(sample);
}

/** A short, redacted quote of an error body for messages. */
export function trimmedBody(response: IncomingResponse, redactor: Redactor, limit = 500): string {
  const text = response.body
    .subarray(0, limit * 4)
    .toString('utf8')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = text.length > limit ? `${text.slice(0, limit)}…` : text;
  return redactor.redact(cut);
}
