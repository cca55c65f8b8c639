// A layered layout of the dependency graph, computed in the page: each tool sits one column to
// the right of the furthest tool it depends on; columns are ordered to keep edges short.

/**
 * @param {string[]} nodes
 * @param {{ from: string, to: string, kind: string }[]} edges
 * @returns {{ columns: string[][], layer: Map<string, number> }}
 */
export function layerGraph(nodes, edges) {
  const dependsOn = new Map(nodes.map((node) => [node, []]));
  for (const edge of edges) {
    // `conflicts` says nothing about order; it is drawn, but does not place anything.
    if (edge.kind === 'conflicts' || !dependsOn.has(edge.from) || !dependsOn.has(edge.to)) continue;
    dependsOn.get(edge.from).push(edge.to);
  }
  const layer = new Map();
  const visiting = new Set();
  const place = (node) => {
    if (layer.has(node)) return layer.get(node);
    if (visiting.has(node)) return 0; // a cycle: break it here
    visiting.add(node);
    let depth = 0;
    for (const target of dependsOn.get(node) ?? []) depth = Math.max(depth, place(target) + 1);
    visiting.delete(node);
    layer.set(node, depth);
    return depth;
  };
  for (const node of nodes) place(node);
  const columns = [];
  for (const node of [...nodes].sort()) {
    const index = layer.get(node) ?? 0;
    columns[index] ??= [];
    columns[index].push(node);
  }
  // One sweep of barycentre ordering: a node sits near the average row of what it depends on.
  for (let index = 1; index < columns.length; index++) {
    const previous = new Map((columns[index - 1] ?? []).map((node, row) => [node, row]));
    const weight = (node) => {
      const rows = (dependsOn.get(node) ?? [])
        .filter((t) => previous.has(t))
        .map((t) => previous.get(t));
      return rows.length === 0
        ? Number.POSITIVE_INFINITY
        : rows.reduce((a, b) => a + b, 0) / rows.length;
    };
    columns[index]?.sort((a, b) => weight(a) - weight(b) || a.localeCompare(b));
  }
  return { columns: columns.filter(Boolean), layer };
}
