import { api } from '../api.js';
import { h, replace, svg, table } from '../dom.js';
import { layerGraph } from '../graph-layout.js';

const NODE_WIDTH = 200;
const NODE_HEIGHT = 40;
const GAP_X = 90;
const GAP_Y = 24;
const MARGIN = 20;

/** The short label of a node: `namespace.name` without the version. */
function label(node) {
  return node.replace(/:[^:]*$/, '');
}

function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function drawGraph(graph) {
  const { columns } = layerGraph(graph.nodes, graph.edges);
  const position = new Map();
  columns.forEach((column, x) => {
    column.forEach((node, y) => {
      position.set(node, {
        x: MARGIN + x * (NODE_WIDTH + GAP_X),
        y: MARGIN + y * (NODE_HEIGHT + GAP_Y),
      });
    });
  });
  const tallest = Math.max(1, ...columns.map((column) => column.length));
  const width = MARGIN * 2 + columns.length * NODE_WIDTH + Math.max(0, columns.length - 1) * GAP_X;
  const height = MARGIN * 2 + tallest * NODE_HEIGHT + (tallest - 1) * GAP_Y;
  const markers = ['requires', 'suggests', 'conflicts'].map((kind) =>
    svg(
      'marker',
      {
        id: `arrow-${kind}`,
        viewBox: '0 0 10 10',
        refX: '10',
        refY: '5',
        markerWidth: '8',
        markerHeight: '8',
        orient: 'auto-start-reverse',
      },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrow arrow-${kind}` }),
    ),
  );
  const edges = graph.edges
    .filter((edge) => position.has(edge.from) && position.has(edge.to))
    .map((edge) => {
      const from = position.get(edge.from);
      const to = position.get(edge.to);
      // An edge points from a tool to what it depends on, drawn right to left.
      const x1 = from.x;
      const y1 = from.y + NODE_HEIGHT / 2;
      const x2 = to.x + NODE_WIDTH;
      const y2 = to.y + NODE_HEIGHT / 2;
      const bend = Math.max(30, Math.abs(x1 - x2) / 2);
      return svg(
        'path',
        {
          class: `edge edge-${edge.kind}`,
          d: `M${x1},${y1} C${x1 - bend},${y1} ${x2 + bend},${y2} ${x2},${y2}`,
          'marker-end': `url(#arrow-${edge.kind})`,
          'data-from': edge.from,
          'data-to': edge.to,
          'data-kind': edge.kind,
        },
        svg('title', {}, `${label(edge.from)} ${edge.kind} ${label(edge.to)}`),
      );
    });
  const nodes = graph.nodes.map((node) => {
    const at = position.get(node);
    return svg(
      'g',
      { class: 'node', 'data-node': node, transform: `translate(${at.x},${at.y})` },
      svg('title', {}, node),
      svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: '6' }),
      svg(
        'text',
        { x: NODE_WIDTH / 2, y: NODE_HEIGHT / 2 + 5, 'text-anchor': 'middle' },
        clip(label(node), 26),
      ),
    );
  });
  return svg(
    'svg',
    {
      class: 'graph',
      role: 'img',
      'aria-labelledby': 'graph-title',
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
    },
    svg(
      'title',
      { id: 'graph-title' },
      `Dependency graph of ${graph.nodes.length} tools and ${graph.edges.length} edges`,
    ),
    svg('defs', {}, ...markers),
    ...edges,
    ...nodes,
  );
}

/** Past this many tools, only those with a dependency (either way) are drawn. */
const DRAW_EVERY_TOOL_UP_TO = 60;

/** The namespace of a node: `billing` of `billing.create_invoice:1.0.0`. */
function namespaceOf(node) {
  const dot = node.indexOf('.');
  return dot === -1 ? node : node.slice(0, dot);
}

/** How many tools each namespace holds, and how many of them have a dependency. */
function namespaceSummary(graph) {
  const linked = new Set(graph.edges.flatMap((edge) => [edge.from, edge.to]));
  for (const edge of graph.unresolved) linked.add(edge.from);
  const counts = new Map();
  for (const node of graph.nodes) {
    const namespace = namespaceOf(node);
    const entry = counts.get(namespace) ?? { tools: 0, linked: 0 };
    entry.tools += 1;
    if (linked.has(node)) entry.linked += 1;
    counts.set(namespace, entry);
  }
  const rows = [...counts.entries()]
    .sort(([a, x], [b, y]) => y.tools - x.tools || a.localeCompare(b))
    .map(([namespace, entry]) => [namespace, String(entry.tools), String(entry.linked)]);
  return table('Tools per namespace', ['Namespace', 'Tools', 'With dependencies'], rows, {
    class: 'namespaces',
  });
}

/**
 * Graph: the tools and their dependencies drawn, and the same edges as a table. Nothing is drawn
 * when no tool declares a dependency (a picture of boxes says nothing), and a large catalog draws
 * only the tools that take part in one; the namespaces are summarised either way.
 */
export async function renderGraph(container) {
  const graph = await api('/graph');
  const count = h(
    'p',
    { class: 'count' },
    `${graph.nodes.length} tool(s), ${graph.edges.length} edge(s)`,
  );
  if (graph.edges.length === 0 && graph.unresolved.length === 0) {
    replace(
      container,
      count,
      h(
        'p',
        { class: 'notice empty' },
        'No tool declares a dependency, so there is no graph to draw. Tools declare them in their definition (dependencies: requires, suggests, conflicts).',
      ),
      namespaceSummary(graph),
    );
    return;
  }
  const linked = new Set(graph.edges.flatMap((edge) => [edge.from, edge.to]));
  const drawn =
    graph.nodes.length <= DRAW_EVERY_TOOL_UP_TO
      ? graph
      : { ...graph, nodes: graph.nodes.filter((node) => linked.has(node)) };
  const legend = h(
    'ul',
    { class: 'legend', 'aria-label': 'Edge kinds' },
    h('li', { class: 'legend-requires' }, 'requires'),
    h('li', { class: 'legend-suggests' }, 'suggests'),
    h('li', { class: 'legend-conflicts' }, 'conflicts'),
  );
  replace(
    container,
    count,
    drawn.nodes.length < graph.nodes.length
      ? h(
          'p',
          { class: 'help' },
          `Drawn: the ${drawn.nodes.length} tools with a dependency; the others are counted below.`,
        )
      : null,
    legend,
    drawn.nodes.length === 0
      ? null
      : h(
          'div',
          { class: 'graph-frame', tabindex: '0', 'aria-label': 'Graph drawing (scrollable)' },
          drawGraph(drawn),
        ),
    graph.edges.length === 0
      ? h('p', { class: 'notice' }, 'No dependency between tools of the catalog.')
      : table(
          'Edges',
          ['Tool', 'Kind', 'Depends on', 'Reason'],
          graph.edges.map((edge) => [
            label(edge.from),
            edge.kind,
            label(edge.to),
            edge.reason ?? '',
          ]),
          { class: 'edges' },
        ),
    graph.unresolved.length > 0
      ? table(
          'Dependencies on tools not in the catalog',
          ['Tool', 'Kind', 'Names'],
          graph.unresolved.map((edge) => [label(edge.from), edge.kind, edge.to]),
          { class: 'unresolved' },
        )
      : null,
    namespaceSummary(graph),
  );
}
