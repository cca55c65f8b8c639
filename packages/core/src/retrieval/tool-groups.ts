import type { ToolDefinition } from '../tool/tool-definition.js';

/** Name prefix that gateways merging several servers put before each server's tools. */
const GROUP_SEPARATOR = '__';

/**
 * The group (server) a tool belongs to: its namespace, or, in the default namespace, the prefix
 * before `__` in its name (`weather_api__forecast`). Undefined for a tool on its own.
 */
export function toolGroup(tool: ToolDefinition): string | undefined {
  if (tool.namespace !== 'default') return tool.namespace;
  const cut = tool.name.indexOf(GROUP_SEPARATOR);
  return cut > 0 ? tool.name.slice(0, cut) : undefined;
}

/**
 * Two-level scoring: how well each group matches a request, as its best tool's lexical score
 * relative to the best tool overall. A request for several things one server does ("trending
 * videos, then the details of one") names each of them weakly; crediting every tool with its
 * server's best match lifts the siblings of a strong match together. The best tool keeps its
 * place (its own group scores 1), so only the ranks below it move.
 *
 * `needed` are the groups that one part of the request needs (the servers of its parts' best
 * tools): they score 1 too. A request that spans servers ("read the notes, then record them in
 * the knowledge graph") matches the server of its longest part best as a whole; crediting only
 * that server would lift all its tools above the tool another part needs. Each server a part
 * asks for is as much wanted as the best one, so their siblings compete on their own matches.
 */
export function groupScores(
  candidates: Iterable<readonly [ToolDefinition, number]>,
  needed: Iterable<string> = [],
): Map<string, number> {
  const best = new Map<string, number>();
  let top = 0;
  for (const [tool, lexical] of candidates) {
    const group = toolGroup(tool);
    if (group === undefined) continue;
    if (lexical > (best.get(group) ?? 0)) best.set(group, lexical);
    if (lexical > top) top = lexical;
  }
  const scores = new Map<string, number>();
  if (top <= 0) return scores;
  for (const [group, score] of best) scores.set(group, score / top);
  for (const group of needed) if (scores.has(group)) scores.set(group, 1);
  return scores;
}
