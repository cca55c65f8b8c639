import { api } from '../api.js';
import { h, milliseconds, percent, replace, table } from '../dom.js';

const STATE_LABELS = { closed: 'closed', open: 'open', half_open: 'half open' };

/** Health: breakers by state, then each tool's success rate and latency. */
export async function renderHealth(container) {
  const health = await api('/health');
  const order = { open: 0, half_open: 1, closed: 2 };
  const tools = [...health.tools].sort(
    (a, b) => order[a.circuitState] - order[b.circuitState] || a.name.localeCompare(b.name),
  );
  const summary = h(
    'ul',
    { class: 'breakers', 'aria-label': 'Circuit breakers' },
    h('li', { class: 'breaker open' }, h('strong', {}, String(health.breakers.open)), ' open'),
    h(
      'li',
      { class: 'breaker half-open' },
      h('strong', {}, String(health.breakers.halfOpen)),
      ' half open',
    ),
    h(
      'li',
      { class: 'breaker closed' },
      h('strong', {}, String(health.breakers.closed)),
      ' closed',
    ),
  );
  const rows = tools.map((tool) => [
    h('span', { class: 'tool-name' }, `${tool.namespace}.${tool.name}`),
    h('span', { class: `state state-${tool.circuitState}` }, STATE_LABELS[tool.circuitState]),
    tool.totalCalls === 0 ? '–' : percent(tool.successRate),
    String(tool.totalCalls),
    tool.totalCalls === 0 ? '–' : milliseconds(tool.p50LatencyMs),
    tool.totalCalls === 0 ? '–' : milliseconds(tool.p95LatencyMs),
  ]);
  replace(
    container,
    summary,
    table(
      'Tools by breaker state',
      ['Tool', 'Breaker', 'Success rate', 'Calls', 'Latency p50', 'Latency p95'],
      rows,
      { class: 'health' },
    ),
  );
}
