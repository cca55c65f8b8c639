// The API answers each view reads first, named once for the page and for the console route,
// which reads them ahead for an anonymous caller so the first paint already holds the data.
// Plain ES module with no browser globals: Node imports it too.

/** The views, in the order of the navigation. */
export const VIEW_NAMES = [
  'catalog',
  'search',
  'health',
  'calls',
  'confirmations',
  'quarantine',
  'graph',
];

/** Tools on one page of the catalog. */
export const CATALOG_PAGE_SIZE = 50;

/** Calls on one page of the recent calls. */
export const CALLS_PAGE_SIZE = 50;

/** A query string from the set values of an object (`?a=1&b=2`, or '' when none is set). */
export function query(values) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The view a page address names (`?view=health`); the catalog when it names none we know. */
export function viewOf(params) {
  const name = params.get('view') ?? '';
  return VIEW_NAMES.includes(name) ? name : 'catalog';
}

/** The catalog's search and filters as the page address carries them. */
export function catalogStateOf(params) {
  const offset = Number(params.get('offset') ?? 0);
  return {
    q: params.get('q') ?? '',
    namespace: params.get('namespace') ?? '',
    source: params.get('source') ?? '',
    tag: params.get('tag') ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** One page of the catalog, with the facet counts its filters offer. */
export function catalogRequest(state) {
  return `/tools${query({
    q: state.q.trim(),
    namespace: state.namespace,
    source: state.source,
    tag: state.tag,
    offset: state.offset || undefined,
    limit: CATALOG_PAGE_SIZE,
    facets: 'true',
  })}`;
}

/** One page of recent calls, newest first. */
export function callsRequest(filters, before) {
  return `/calls${query({ ...filters, before, limit: CALLS_PAGE_SIZE })}`;
}

const FIRST_READS = {
  catalog: (params) => [catalogRequest(catalogStateOf(params))],
  search: () => [],
  health: () => ['/health'],
  calls: () => [callsRequest({ tool: '', principal: '' })],
  confirmations: () => ['/confirmations'],
  quarantine: () => ['/quarantine', '/pins'],
  graph: () => ['/graph'],
};

/** What a page at this address reads first from the API (GET paths below its base). */
export function initialRequests(params) {
  return ['/me', ...FIRST_READS[viewOf(params)](params)];
}
