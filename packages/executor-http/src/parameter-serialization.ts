import { HttpRequestRefusedError } from './errors.js';
import type { ParameterBinding } from './operation.js';

/** RFC 3986 unreserved characters stay; everything else is percent-encoded. */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function scalar(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A path segment value: percent-encoded (so `/` cannot add segments), and refused when it is a
 * dot segment or hides one, which servers may normalise into a different resource.
 */
export function pathValue(binding: ParameterBinding, value: unknown, toolName: string): string {
  const text = serialiseSimple(binding, value);
  const decoded = safeDecode(text);
  const segments = decoded.split(/[/\\]/);
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw new HttpRequestRefusedError(
      'path_traversal',
      `Tool "${toolName}": path parameter "${binding.property}" contains a "." or ".." segment, which would address another resource; pass a plain identifier.`,
    );
  }
  return text;
}

function safeDecode(text: string): string {
  let current = text;
  // Decode repeatedly: a double-encoded dot segment is still a dot segment to some servers.
  for (let round = 0; round < 3; round += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

function serialiseSimple(binding: ParameterBinding, value: unknown): string {
  if (binding.json) return encodeComponent(JSON.stringify(value));
  const prefix =
    binding.style === 'label' ? '.' : binding.style === 'matrix' ? `;${binding.name}=` : '';
  const joiner = binding.style === 'label' && binding.explode ? '.' : ',';
  if (Array.isArray(value))
    return prefix + value.map((item) => encodeComponent(scalar(item))).join(joiner);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) =>
      binding.explode
        ? `${encodeComponent(key)}=${encodeComponent(scalar(item))}`
        : `${encodeComponent(key)},${encodeComponent(scalar(item))}`,
    );
    return prefix + entries.join(',');
  }
  return prefix + encodeComponent(scalar(value));
}

/** Query pairs (already encoded) for one parameter, by its style and explode. */
export function queryPairs(binding: ParameterBinding, value: unknown): string[] {
  const name = encodeComponent(binding.name);
  if (binding.json) return [`${name}=${encodeComponent(JSON.stringify(value))}`];
  if (Array.isArray(value)) {
    const items = value.map((item) => encodeComponent(scalar(item)));
    if (binding.explode && binding.style === 'form') return items.map((item) => `${name}=${item}`);
    const delimiter =
      binding.delimiter !== undefined
        ? encodeComponent(binding.delimiter)
        : binding.style === 'spaceDelimited'
          ? '%20'
          : binding.style === 'pipeDelimited'
            ? '|'
            : ',';
    return [`${name}=${items.join(delimiter)}`];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (binding.style === 'deepObject') {
      return entries.map(
        ([key, item]) => `${name}%5B${encodeComponent(key)}%5D=${encodeComponent(scalar(item))}`,
      );
    }
    if (binding.explode) {
      return entries.map(
        ([key, item]) => `${encodeComponent(key)}=${encodeComponent(scalar(item))}`,
      );
    }
    const flat = entries.flatMap(([key, item]) => [
      encodeComponent(key),
      encodeComponent(scalar(item)),
    ]);
    return [`${name}=${flat.join(',')}`];
  }
  return [`${name}=${encodeComponent(scalar(value))}`];
}

/** Refuse a header (or cookie) value that could start a new header line. */
export function checkHeaderValue(name: string, value: string, toolName: string): string {
  if (/[\r\n\0]/.test(value) || /[\r\n\0:]/.test(name)) {
    throw new HttpRequestRefusedError(
      'header_injection',
      `Tool "${toolName}": header "${name.replace(/[^\x20-\x7e]/g, '?')}" contains a line break or NUL, which could inject headers; remove it.`,
    );
  }
  return value;
}

/** A header value by the simple style (arrays and objects comma-joined). */
export function headerValue(binding: ParameterBinding, value: unknown, toolName: string): string {
  let text: string;
  if (binding.json) text = JSON.stringify(value);
  else if (Array.isArray(value)) text = value.map(scalar).join(',');
  else if (typeof value === 'object' && value !== null) {
    text = Object.entries(value)
      .map(([key, item]) => (binding.explode ? `${key}=${scalar(item)}` : `${key},${scalar(item)}`))
      .join(',');
  } else text = scalar(value);
  return checkHeaderValue(binding.name, text, toolName);
}

/** One `name=value` cookie pair; the value is percent-encoded so it cannot end the cookie. */
export function cookiePair(binding: ParameterBinding, value: unknown, toolName: string): string {
  const text = Array.isArray(value)
    ? value.map(scalar).join(',')
    : binding.json
      ? JSON.stringify(value)
      : scalar(value);
  checkHeaderValue(binding.name, text, toolName);
  return `${binding.name}=${encodeComponent(text)}`;
}
