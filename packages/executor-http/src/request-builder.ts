import { InvalidArgumentError } from '@arsenal/core';
import { HttpRequestRefusedError } from './errors.js';
import type { OutgoingRequest } from './http-transport.js';
import type { BodyBinding, CompiledOperation } from './operation.js';
import { cookiePair, headerValue, pathValue, queryPairs } from './parameter-serialization.js';

const encoder = new TextEncoder();

/** Join a base URL and a path template filled in, keeping the base's own path. */
export function joinUrl(base: string, path: string, toolName: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch (error) {
    throw new InvalidArgumentError(
      `Tool "${toolName}": the API's base URL "${base}" is not absolute; set baseUrl on the source.`,
      { cause: error },
    );
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url;
}

/** Serialise a body: JSON, form-urlencoded, multipart, text or raw bytes. */
export async function serialiseBody(
  contentType: string,
  value: unknown,
): Promise<{ body: Uint8Array; contentType: string }> {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    for (const [key, item] of Object.entries(asObject(value))) {
      for (const entry of Array.isArray(item) ? item : [item]) form.append(key, formText(entry));
    }
    return { body: encoder.encode(form.toString()), contentType };
  }
  if (type === 'multipart/form-data') {
    const form = new FormData();
    for (const [key, item] of Object.entries(asObject(value))) {
      for (const entry of Array.isArray(item) ? item : [item]) {
        const file = fileOf(entry);
        if (file) form.append(key, file.blob, file.filename);
        else form.append(key, formText(entry));
      }
    }
    // Response serialises FormData with a boundary it chooses and reports in the content type.
    const response = new Response(form);
    return {
      body: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'multipart/form-data',
    };
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    return { body: encoder.encode(JSON.stringify(value)), contentType };
  }
  const file = fileOf(value);
  if (file) return { body: new Uint8Array(await file.blob.arrayBuffer()), contentType };
  return {
    body: encoder.encode(typeof value === 'string' ? value : JSON.stringify(value)),
    contentType,
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

function formText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A file argument: `{ content, filename?, contentType?, encoding?: 'base64' | 'utf8' }`. */
function fileOf(value: unknown): { blob: Blob; filename: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const file = value as Record<string, unknown>;
  if (typeof file.content !== 'string') return undefined;
  const bytes =
    file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : encoder.encode(file.content);
  const type = typeof file.contentType === 'string' ? file.contentType : 'application/octet-stream';
  return {
    blob: new Blob([bytes], { type }),
    filename: typeof file.filename === 'string' ? file.filename : 'file',
  };
}

function bodyValue(binding: BodyBinding, args: Record<string, unknown>): unknown {
  if (binding.mode === 'property') return binding.property ? args[binding.property] : undefined;
  const body: Record<string, unknown> = {};
  let any = false;
  for (const [property, field] of Object.entries(binding.fields ?? {})) {
    if (args[property] === undefined) continue;
    body[field] = args[property];
    any = true;
  }
  return any ? body : undefined;
}

/** Build the request of one operation call (auth is added later). */
export async function buildOperationRequest(
  operation: CompiledOperation,
  args: Record<string, unknown>,
  baseUrl: string,
): Promise<OutgoingRequest> {
  const { toolName } = operation;
  const missing = operation.parameters.find(
    (binding) =>
      binding.in === 'path' &&
      (args[binding.property] === undefined || args[binding.property] === ''),
  );
  if (missing) {
    throw new InvalidArgumentError(
      `Tool "${toolName}": path parameter "${missing.property}" is required.`,
    );
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const binding = operation.parameters.find(
      (entry) => entry.in === 'path' && entry.name === name,
    );
    return binding ? pathValue(binding, args[binding.property], toolName) : match;
  });
  const url = joinUrl(baseUrl, path, toolName);
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const binding of operation.parameters) {
    const value = args[binding.property];
    if (value === undefined || binding.in === 'path') continue;
    if (binding.in === 'query') query.push(...queryPairs(binding, value));
    else if (binding.in === 'header')
      headers[binding.name.toLowerCase()] = headerValue(binding, value, toolName);
    else cookies.push(cookiePair(binding, value, toolName));
  }
  if (query.length) url.search = url.search ? `${url.search}&${query.join('&')}` : query.join('&');
  if (cookies.length) headers.cookie = cookies.join('; ');
  let body: Uint8Array | undefined;
  if (operation.body) {
    const value = bodyValue(operation.body, args);
    if (value !== undefined) {
      const serialised = await serialiseBody(operation.body.contentType, value);
      body = serialised.body;
      headers['content-type'] = serialised.contentType;
    }
  }
  if (url.hostname === '') {
    throw new HttpRequestRefusedError(
      'invalid_url',
      `Tool "${toolName}": the request URL has no host.`,
    );
  }
  return { method: operation.method, url, headers, ...(body ? { body } : {}) };
}
