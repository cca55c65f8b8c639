import { api, query } from '../api.js';
import { errorNotice, h, replace, table } from '../dom.js';
import { callPanel } from './call-panel.js';
import { tabs } from './tabs.js';

const PAGE = 200;
const MOST = 2000;

/** Every tool matching the filters, page after page (up to a sane bound). */
async function listTools(filters) {
  const tools = [];
  let offset = 0;
  for (;;) {
    const page = await api(`/tools${query({ ...filters, limit: PAGE, offset })}`);
    tools.push(...page.tools);
    if (page.nextOffset === undefined || tools.length >= MOST) return { tools, total: page.total };
    offset = page.nextOffset;
  }
}

function select(id, label, values, selected) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    h(
      'select',
      { id, name: id },
      h('option', { value: '' }, 'All'),
      ...values.map((value) => h('option', { value, selected: value === selected }, value)),
    ),
  );
}

function distinct(values) {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
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

/** Catalog: the tools this principal may see, filtered by namespace, source and tag. */
export async function renderCatalog(container, { session }) {
  const everything = await listTools({});
  const filters = { namespace: '', source: '', tag: '' };
  const results = h('div', { class: 'results' });
  const detail = h('section', { class: 'detail', 'aria-label': 'Tool detail' });
  const form = h(
    'form',
    { class: 'filters', 'aria-label': 'Filter the catalog', onsubmit: (e) => e.preventDefault() },
    select('namespace', 'Namespace', distinct(everything.tools.map((t) => t.namespace)), ''),
    select('source', 'Source', distinct(everything.tools.map((t) => t.source)), ''),
    select('tag', 'Tag', distinct(everything.tools.flatMap((t) => t.tags)), ''),
  );

  async function update() {
    results.setAttribute('aria-busy', 'true');
    try {
      const { tools, total } = await listTools(filters);
      const rows = tools.map((tool) => [
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
      replace(
        results,
        h('p', { class: 'count' }, `${total} tool(s)`),
        table('Tools', ['Name', 'Namespace', 'Source', 'Tags', 'Description'], rows, {
          class: 'tools',
        }),
      );
    } catch (error) {
      replace(results, errorNotice(error));
    } finally {
      results.removeAttribute('aria-busy');
    }
  }

  form.addEventListener('change', (event) => {
    const target = /** @type {HTMLSelectElement} */ (event.target);
    filters[target.name] = target.value;
    void update();
  });
  replace(container, form, h('div', { class: 'split' }, results, detail));
  await update();
}
