import { api } from '../api.js';
import { errorNotice, h, replace, table } from '../dom.js';
import { CATALOG_PAGE_SIZE, catalogRequest, catalogStateOf } from '../view-requests.js';
import { callPanel } from './call-panel.js';
import { tabs } from './tabs.js';

/** Most tags a filter offers: the most used first (a large catalog has thousands). */
const MOST_TAGS = 200;
/** How long typing may pause before the search runs. */
const TYPING_PAUSE_MS = 200;

const number = new Intl.NumberFormat('en');

/** A filter over one facet: every value with how many tools it holds. */
function select(id, label, counts, selected, limit = Number.POSITIVE_INFINITY) {
  const values = Object.entries(counts)
    .sort(([a, countA], [b, countB]) =>
      limit === Number.POSITIVE_INFINITY
        ? a.localeCompare(b)
        : countB - countA || a.localeCompare(b),
    )
    .slice(0, limit);
  if (selected && !values.some(([value]) => value === selected)) values.unshift([selected, 0]);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    h(
      'select',
      { id, name: id },
      h('option', { value: '' }, 'All'),
      ...values.map(([value, count]) =>
        h('option', { value, selected: value === selected }, `${value} (${number.format(count)})`),
      ),
    ),
  );
}

async function showDetail(panel, tool, session) {
  replace(panel, h('h2', { tabindex: '-1' }, tool.name), h('p', {}, 'Loading dialects…'));
  panel.querySelector('h2')?.focus();
  let encoded;
  try {
    encoded = await api(`/tools/${encodeURIComponent(tool.qualifiedName)}/dialects`);
  } catch (error) {
    replace(panel, h('h2', {}, tool.name), errorNotice(error));
    return;
  }
  const facts = h(
    'dl',
    { class: 'facts' },
    ...[
      ['Qualified name', tool.qualifiedName],
      ['Namespace', tool.namespace],
      ['Source', tool.sourceUri ? `${tool.source} (${tool.sourceUri})` : tool.source],
      ['Tags', tool.tags.join(', ') || '–'],
      ['Capabilities', tool.capabilities.join(', ') || '–'],
      ['Confirmation', tool.requiresConfirmation ? 'required before each call' : 'not required'],
    ].flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
  const panes = [
    {
      id: 'definition',
      label: 'Definition',
      content: () => h('pre', { class: 'code', tabindex: '0' }, JSON.stringify(tool, null, 2)),
    },
    ...encoded.dialects.map((dialect) => ({
      id: dialect.dialect.replace(/[^a-z0-9]+/gi, '-'),
      label:
        dialect.status === 'encoded'
          ? `${dialect.dialect} · ${dialect.tokens} tokens`
          : dialect.dialect,
      content: () =>
        dialect.status === 'encoded'
          ? h(
              'div',
              {},
              h('p', { class: 'tokens' }, `${dialect.tokens} tokens (${encoded.tokenizer})`),
              h('pre', { class: 'code', tabindex: '0' }, JSON.stringify(dialect.tool, null, 2)),
            )
          : h(
              'p',
              { class: 'notice' },
              dialect.status === 'failed'
                ? `Cannot encode: ${dialect.error}`
                : `Not installed (${dialect.packageName}).`,
            ),
    })),
  ];
  replace(
    panel,
    h('h2', { tabindex: '-1' }, tool.name),
    h('p', { class: 'description' }, tool.description),
    facts,
    h('h3', {}, 'In each dialect'),
    tabs('dialects', 'Dialects', panes),
    session?.permissions.callTools ? callPanel(tool) : null,
  );
  panel.querySelector('h2')?.focus();
}

function toolRows(tools, detail, session) {
  return tools.map((tool) => [
    h(
      'button',
      {
        type: 'button',
        class: 'link-button tool-name',
        onclick: () => void showDetail(detail, tool, session),
      },
      tool.name,
    ),
    tool.namespace,
    tool.source,
    tool.tags.join(', '),
    h('span', { class: 'description' }, tool.description),
  ]);
}

/** "Tools 51–100 of 4,202", or what matched nothing. */
function pageSummary(page, state) {
  if (page.total === 0) {
    return state.q
      ? `No tool matches "${state.q.trim()}" (name, namespace or description).`
      : 'No tool matches these filters.';
  }
  const first = page.offset + 1;
  const last = page.offset + page.tools.length;
  return `Tools ${number.format(first)}–${number.format(last)} of ${number.format(page.total)}`;
}

/**
 * Catalog: the tools this principal may see, searched by text (name, namespace, description) on
 * the server, filtered by namespace, source and tag, a page at a time. The search and filters live
 * in the page address, so a reload or a shared link shows the same page.
 */
export async function renderCatalog(container, { session }) {
  const state = catalogStateOf(new URLSearchParams(location.search));
  const first = await api(catalogRequest(state));
  const facets = first.facets ?? { namespaces: {}, sources: {}, tags: {} };
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  const detail = h('section', { class: 'detail', 'aria-label': 'Tool detail' });
  const searchInput = h('input', {
    id: 'catalog-search',
    name: 'q',
    type: 'search',
    autocomplete: 'off',
    placeholder: 'name, namespace or description',
  });
  searchInput.value = state.q;
  const previous = h('button', { type: 'button', class: 'secondary' }, 'Previous page');
  const next = h('button', { type: 'button', class: 'secondary' }, 'Next page');
  const pager = h('div', { class: 'pager', role: 'group', 'aria-label': 'Pages' }, previous, next);
  let latest = 0;

  function remember() {
    const params = new URLSearchParams({ view: 'catalog' });
    for (const key of ['q', 'namespace', 'source', 'tag'])
      if (state[key]) params.set(key, state[key]);
    if (state.offset) params.set('offset', String(state.offset));
    history.replaceState(null, '', `?${params}`);
  }

  function show(page) {
    previous.disabled = page.offset === 0;
    next.disabled = page.nextOffset === undefined;
    pager.hidden = page.total <= CATALOG_PAGE_SIZE;
    replace(
      results,
      h('p', { class: 'count' }, pageSummary(page, state)),
      page.tools.length === 0
        ? null
        : table(
            'Tools',
            ['Name', 'Namespace', 'Source', 'Tags', 'Description'],
            toolRows(page.tools, detail, session),
            { class: 'tools' },
          ),
    );
  }

  async function update() {
    const asked = ++latest;
    remember();
    results.setAttribute('aria-busy', 'true');
    try {
      const page = await api(catalogRequest(state));
      // Typing fast sends several searches: only the last one's answer is shown.
      if (asked === latest) show(page);
    } catch (error) {
      if (asked === latest) replace(results, errorNotice(error));
    } finally {
      if (asked === latest) results.removeAttribute('aria-busy');
    }
  }

  let typing;
  searchInput.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      state.q = searchInput.value;
      state.offset = 0;
      void update();
    }, TYPING_PAUSE_MS);
  });
  const form = h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': 'Search and filter the catalog',
      onsubmit: (event) => {
        event.preventDefault();
        clearTimeout(typing);
        state.q = searchInput.value;
        state.offset = 0;
        void update();
      },
    },
    h(
      'div',
      { class: 'field grow' },
      h('label', { for: 'catalog-search' }, 'Search tools'),
      searchInput,
    ),
    select('namespace', 'Namespace', facets.namespaces, state.namespace),
    select('source', 'Source', facets.sources, state.source),
    select('tag', 'Tag', facets.tags, state.tag, MOST_TAGS),
  );
  form.addEventListener('change', (event) => {
    const target = /** @type {HTMLSelectElement} */ (event.target);
    if (target.tagName !== 'SELECT') return;
    state[target.name] = target.value;
    state.offset = 0;
    void update();
  });
  previous.addEventListener('click', () => {
    state.offset = Math.max(0, state.offset - CATALOG_PAGE_SIZE);
    void update();
  });
  next.addEventListener('click', () => {
    state.offset += CATALOG_PAGE_SIZE;
    void update();
  });
  replace(container, form, h('div', { class: 'split' }, h('div', {}, results, pager), detail));
  show(first);
}
