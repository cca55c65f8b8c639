// The REST API as the console calls it: same origin, the user's token as a bearer credential,
// RFC 9457 problems turned into errors that carry their status and detail.

const TOKEN_KEY = 'arsenal.console.token';

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {string} [code]
   */
  constructor(status, message, code) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

let apiBase = '/api';

/** Read where the API is from the console's `config.json`. */
export async function loadConfig() {
  const response = await fetch('config.json', { cache: 'no-store' });
  if (!response.ok) throw new ApiError(response.status, 'The console configuration is missing.');
  const config = await response.json();
  if (typeof config.apiBase === 'string') apiBase = config.apiBase;
}

export function token() {
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/**
 * Call the API. `path` is relative to its base (`/tools?limit=50`).
 * @param {string} path
 * @param {{ method?: string, body?: unknown, accept?: string }} [options]
 */
export async function api(path, options = {}) {
  const headers = { accept: options.accept ?? 'application/json' };
  const current = token();
  if (current) headers.authorization = `Bearer ${current}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${apiBase}${path}`, {
    method: options.method ?? 'GET',
    headers,
    cache: 'no-store',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    let detail = `${response.status} ${response.statusText}`;
    let code;
    if (type.includes('json')) {
      const problem = await response.json().catch(() => ({}));
      if (typeof problem.detail === 'string') detail = problem.detail;
      else if (typeof problem.error?.message === 'string') detail = problem.error.message;
      code = problem.code;
    }
    throw new ApiError(response.status, detail, code);
  }
  return type.includes('json') ? response.json() : response.text();
}

/** A query string from the set values of an object. */
export function query(values) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
