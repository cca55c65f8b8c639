// The REST API as the console calls it: same origin, the user's token as a bearer credential,
// RFC 9457 problems turned into errors that carry their status and detail.

export { query } from './view-requests.js';

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
/** Answers the server read ahead for this page (anonymous callers only), each used once. */
let preloaded = new Map();

/**
 * Where the API is, and what the server read ahead: from the page itself when the console route
 * put them there (then nothing waits on the network), else from `config.json`.
 */
export async function loadConfig() {
  const embedded = document.getElementById('console-data');
  if (embedded?.textContent) {
    const data = JSON.parse(embedded.textContent);
    if (typeof data.apiBase === 'string') apiBase = data.apiBase;
    preloaded = new Map(Object.entries(data.answers ?? {}));
    return;
  }
  const response = await fetch('config.json', { cache: 'no-store' });
  if (!response.ok) throw new ApiError(response.status, 'The console configuration is missing.');
  const config = await response.json();
  if (typeof config.apiBase === 'string') apiBase = config.apiBase;
}

export function token() {
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function setToken(value) {
  preloaded.clear();
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
}

function problemError(status, statusText, problem) {
  let detail = `${status} ${statusText}`;
  if (typeof problem?.detail === 'string') detail = problem.detail;
  else if (typeof problem?.error?.message === 'string') detail = problem.error.message;
  return new ApiError(status, detail, problem?.code);
}

/** The read-ahead answer for a GET of `path`, taken once; undefined when there is none. */
function takePreloaded(path, options) {
  if ((options.method ?? 'GET') !== 'GET' || token() || !preloaded.has(path)) return undefined;
  const answer = preloaded.get(path);
  preloaded.delete(path);
  return answer;
}

/**
 * Call the API. `path` is relative to its base (`/tools?limit=50`).
 * @param {string} path
 * @param {{ method?: string, body?: unknown, accept?: string }} [options]
 */
export async function api(path, options = {}) {
  const ahead = takePreloaded(path, options);
  if (ahead) {
    if (ahead.status >= 200 && ahead.status < 300) return ahead.body;
    throw problemError(ahead.status, '', ahead.body);
  }
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
    const problem = type.includes('json') ? await response.json().catch(() => ({})) : undefined;
    throw problemError(response.status, response.statusText, problem);
  }
  return type.includes('json') ? response.json() : response.text();
}
