import { api } from '../api.js';
import { errorNotice, h, replace } from '../dom.js';

const RELEVANCE_PARTS = new Set(['lexical', 'semantic', 'subquery', 'group', 'learned']);

/**
 * What a signal added to the final score: its value times its weight; the parts of relevance
 * are weighted within relevance, then by relevance's share. Undefined when no weight applies.
 */
function contribution(signal, value, weights) {
  const weight = weights?.[signal];
  if (typeof weight !== 'number') return undefined;
  const share = RELEVANCE_PARTS.has(signal) ? (weights.relevance ?? 1) : 1;
  return value * weight * share;
}

function signalTable(tool, weights, scale) {
  const entries = Object.entries(tool.signals)
    .filter(([, value]) => typeof value === 'number')
    .map(([signal, value]) => ({ signal, value, added: contribution(signal, value, weights) }));
  entries.sort((a, b) => Math.abs(b.added ?? 0) - Math.abs(a.added ?? 0) || b.value - a.value);
  return h(
    'table',
    { class: 'signals' },
    h('caption', {}, `Signal contributions for ${tool.tool.name}`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Signal'),
        h('th', { scope: 'col' }, 'Value'),
        h('th', { scope: 'col' }, 'Weight'),
        h('th', { scope: 'col' }, 'Adds to score'),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Bar')),
      ),
    ),
    h(
      'tbody',
      {},
      ...entries.map(({ signal, value, added }) => {
        const shown = added ?? 0;
        const fill = h('span', { class: shown < 0 ? 'fill negative' : 'fill' });
        fill.style.width = `${Math.min(100, (Math.abs(shown) / scale) * 100)}%`;
        const weight = weights?.[signal];
        return h(
          'tr',
          { 'data-signal': signal },
          h('th', { scope: 'row' }, signal),
          h('td', { class: 'number' }, value.toFixed(3)),
          h('td', { class: 'number' }, typeof weight === 'number' ? weight.toFixed(2) : '–'),
          h('td', { class: 'number contribution' }, added === undefined ? '–' : added.toFixed(3)),
          h('td', { class: 'bar-cell' }, h('span', { class: 'bar', 'aria-hidden': 'true' }, fill)),
        );
      }),
    ),
  );
}

function showResult(container, result) {
  const values = result.tools.flatMap((tool) =>
    Object.entries(tool.signals)
      .map(([signal, value]) => contribution(signal, value, result.weights))
      .filter((value) => typeof value === 'number'),
  );
  const scale = Math.max(1e-9, ...values.map((value) => Math.abs(value)));
  const summary = [
    `${result.tools.length} tool(s) ranked`,
    result.intent ? `intent: ${result.intent}` : null,
    `${result.candidateCount} candidates`,
    result.filteredCount ? `${result.filteredCount} hidden by filters or policy` : null,
    `${Math.round(result.timings.totalMs * 10) / 10} ms`,
  ].filter(Boolean);
  replace(
    container,
    h('p', { class: 'count' }, summary.join(' · ')),
    result.tools.length === 0 ? h('p', { class: 'notice' }, 'No tool matches that request.') : null,
    h(
      'ol',
      { class: 'ranked' },
      ...result.tools.map((tool) =>
        h(
          'li',
          { class: 'ranked-tool' },
          h(
            'h2',
            {},
            h('span', { class: 'tool-name' }, tool.tool.name),
            h('span', { class: 'score' }, ` score ${tool.score.toFixed(3)}`),
          ),
          h('p', { class: 'description' }, tool.tool.description),
          tool.requiredBy
            ? h('p', { class: 'help' }, `Required by ${tool.requiredBy.join(', ')}`)
            : null,
          signalTable(tool, result.weights, scale),
        ),
      ),
    ),
  );
}

/** Search playground: a request, the ranked tools and what each signal added to their scores. */
export async function renderSearch(container) {
  const queryInput = h('input', {
    id: 'search-query',
    name: 'query',
    type: 'search',
    required: true,
  });
  const limitInput = h('input', {
    id: 'search-limit',
    name: 'limit',
    type: 'number',
    min: '1',
    max: '50',
    value: '5',
  });
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'search',
      role: 'search',
      onsubmit: async (event) => {
        event.preventDefault();
        results.setAttribute('aria-busy', 'true');
        try {
          const result = await api('/tools/search', {
            method: 'POST',
            body: { query: queryInput.value, limit: Number(limitInput.value) || 5 },
          });
          showResult(results, result);
        } catch (error) {
          replace(results, errorNotice(error));
        } finally {
          results.removeAttribute('aria-busy');
        }
      },
    },
    h(
      'div',
      { class: 'field grow' },
      h('label', { for: 'search-query' }, 'What should the tool do?'),
      queryInput,
    ),
    h('div', { class: 'field' }, h('label', { for: 'search-limit' }, 'How many'), limitInput),
    h('button', { type: 'submit' }, 'Search'),
  );
  replace(container, form, results);
}
