import { api } from '../api.js';
import { h, milliseconds, percent, replace, table } from '../dom.js';

const STATE_LABELS = { closed: 'closed', open: 'open', half_open: 'half open' };

/**
 * Health: breakers by state, then the tools that were called (since this server started), the
 * most failing first, then the most called. A catalog of thousands shows the few in use.
 */
export async function renderHealth(container) {
  const health = await api('/health');
  const order = { open: 0, half_open: 1, closed: 2 };
  const tools = health.tools
    .filter((tool) => tool.totalCalls > 0 || tool.circuitState !== 'closed')
    .sort(
      (a, b) =>
        order[a.circuitState] - order[b.circuitState] ||
        b.failureCount - a.failureCount ||
        b.totalCalls - a.totalCalls ||
        a.qualifiedName.localeCompare(b.qualifiedName),
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
    String(tool.failureCount),
    tool.totalCalls === 0 ? '–' : milliseconds(tool.p50LatencyMs),
    tool.totalCalls === 0 ? '–' : milliseconds(tool.p95LatencyMs),
  ]);
  const idle = health.tools.length - tools.length;
  replace(
    container,
    summary,
    tools.length === 0
      ? h(
          'p',
          { class: 'notice empty' },
          `No calls yet: none of the ${health.tools.length} tools you may see has been called since this server started. Calls from any client (MCP, REST, this console) show here.`,
        )
      : h(
          'div',
          {},
          table(
            'Tools called, most failures first',
            ['Tool', 'Breaker', 'Success rate', 'Calls', 'Failures', 'Latency p50', 'Latency p95'],
            rows,
            { class: 'health' },
          ),
          idle > 0 ? h('p', { class: 'help' }, `${idle} other tool(s) not called yet.`) : null,
        ),
  );
}
