import type { DependencyEdge, DependencyGraph, DependencyGraphJson } from './dependency-graph.js';

type GraphLike = DependencyGraph | Pick<DependencyGraphJson, 'nodes' | 'edges'>;

const view = (graph: GraphLike) => ('toJSON' in graph ? graph.toJSON() : graph);

const ARROWS: Record<DependencyEdge['kind'], { mermaid: string; dot: string }> = {
  requires: { mermaid: '-->', dot: 'solid' },
  suggests: { mermaid: '-.->', dot: 'dashed' },
  conflicts: { mermaid: '--x', dot: 'bold' },
};

/** The graph as a Mermaid flowchart: requires solid, suggests dotted, conflicts crossed. */
export function toMermaid(graph: GraphLike): string {
  const { nodes, edges } = view(graph);
  const ids = new Map(nodes.map((node, index) => [node, `t${index}`]));
  const label = (text: string) => `"${text.replace(/"/g, '#quot;').replace(/[\r\n]+/g, ' ')}"`;
  const lines = ['flowchart LR'];
  for (const [node, id] of ids) lines.push(`  ${id}[${label(node)}]`);
  for (const edge of edges) {
    const text = edge.reason ? `|${label(`${edge.kind}: ${edge.reason}`)}|` : `|${edge.kind}|`;
    lines.push(`  ${ids.get(edge.from)} ${ARROWS[edge.kind].mermaid}${text} ${ids.get(edge.to)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The graph in Graphviz DOT. */
export function toDot(graph: GraphLike): string {
  const { nodes, edges } = view(graph);
  const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const lines = ['digraph arsenal_tools {', '  rankdir=LR;'];
  for (const node of nodes) lines.push(`  ${quote(node)};`);
  for (const edge of edges) {
    const label = edge.reason ? `${edge.kind}: ${edge.reason}` : edge.kind;
    lines.push(
      `  ${quote(edge.from)} -> ${quote(edge.to)} [label=${quote(label)}, style=${ARROWS[edge.kind].dot}];`,
    );
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
