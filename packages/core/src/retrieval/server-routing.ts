// Two-stage routing for requests that span several servers ("search the web for X, chart it, and
// put the chart in a document"). A flat ranking of tools lets the strongest clause fill the list
// with one server's tools; ranking the servers themselves, by everything their tools say, finds
// the server a weakly worded clause needs, and reserving a few places for each clause's best tool
// gets every part of the request into the list.
import { analyze } from '../text/tokenize.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { decomposeQuery } from './query-decomposition.js';
import { toolGroup } from './tool-groups.js';
import type { ScoredTool } from './types.js';

/** BM25 saturation and length normalisation over server documents (the usual values). */
const K1 = 1.2;
const B = 0.75;

interface ServerDocument {
  /** Tools of the server indexed now. */
  tools: number;
  /** Sum over its tools of their distinct terms. */
  length: number;
}

/**
 * One document per server (a tool's group: its namespace or its `server__` name prefix): the words
 * of the server's name and of its tools' names and descriptions. A term's frequency in a server is
 * the number of its tools that use it, so a server about files ranks for "file" however its tools
 * spell the rest. Changes are queued and applied before the next search, so registering a large
 * catalog costs nothing here until a request needs it.
 */
export class ServerIndex {
  readonly #servers = new Map<string, ServerDocument>();
  /** term → server → tools of that server using the term. */
  readonly #postings = new Map<string, Map<string, number>>();
  #pending: [ToolDefinition, 1 | -1][] = [];
  #totalLength = 0;

  add(tool: ToolDefinition): void {
    if (toolGroup(tool) !== undefined) this.#pending.push([tool, 1]);
  }

  remove(tool: ToolDefinition): void {
    if (toolGroup(tool) !== undefined) this.#pending.push([tool, -1]);
  }

  /** Servers known (after pending changes). */
  get size(): number {
    this.#flush();
    return this.#servers.size;
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    for (const [tool, sign] of pending) this.#apply(tool, sign);
  }

  #apply(tool: ToolDefinition, sign: 1 | -1): void {
    const server = toolGroup(tool)!;
    const terms = new Set(analyze(`${server} ${tool.name} ${tool.description}`));
    let document = this.#servers.get(server);
    if (!document) {
      if (sign < 0) return;
      document = { tools: 0, length: 0 };
      this.#servers.set(server, document);
    }
    document.tools += sign;
    document.length += sign * terms.size;
    this.#totalLength += sign * terms.size;
    for (const term of terms) {
      let counts = this.#postings.get(term);
      if (!counts) {
        if (sign < 0) continue;
        counts = new Map();
        this.#postings.set(term, counts);
      }
      const count = (counts.get(server) ?? 0) + sign;
      if (count > 0) counts.set(server, count);
      else counts.delete(server);
      if (counts.size === 0) this.#postings.delete(term);
    }
    if (document.tools <= 0) this.#servers.delete(server);
  }

  /**
   * How well each server matches `text`, relative to the best one (which scores 1). Empty when
   * fewer than two servers exist: with one server, or none, there is nothing to choose between.
   */
  score(text: string): Map<string, number> {
    this.#flush();
    const scores = new Map<string, number>();
    const serverCount = this.#servers.size;
    if (serverCount < 2) return scores;
    const averageLength = this.#totalLength / serverCount || 1;
    for (const term of new Set(analyze(text))) {
      const counts = this.#postings.get(term);
      if (!counts) continue;
      const idf = Math.log(1 + (serverCount - counts.size + 0.5) / (counts.size + 0.5));
      for (const [server, count] of counts) {
        const document = this.#servers.get(server)!;
        const norm = K1 * (1 - B + (B * document.length) / averageLength);
        const value = (idf * count * (K1 + 1)) / (count + norm);
        scores.set(server, (scores.get(server) ?? 0) + value);
      }
    }
    let top = 0;
    for (const value of scores.values()) top = Math.max(top, value);
    if (top <= 0) return new Map();
    for (const [server, value] of scores) scores.set(server, value / top);
    return scores;
  }
}

/** The match of a tool's server, or undefined when no server matched at all. */
export function serverSignal(
  scores: ReadonlyMap<string, number>,
  tool: ToolDefinition,
): number | undefined {
  if (scores.size === 0) return undefined;
  const server = toolGroup(tool);
  return server === undefined ? 0 : (scores.get(server) ?? 0);
}

/** Servers matching at least this share of the best server's match take part in diversity. */
export const SERVER_FLOOR = 0.5;
/** Most servers a request is taken to need. */
export const MAX_SERVERS = 3;

/** The servers a request most likely needs: the best ones, down to `SERVER_FLOOR` of the best. */
export function wantedServers(scores: ReadonlyMap<string, number>): string[] {
  return [...scores]
    .filter(([, score]) => score >= SERVER_FLOOR)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_SERVERS)
    .map(([server]) => server);
}

/**
 * Orders the first `window` places so the servers the request needs are all shown (explicit
 * diversification over servers as the request's aspects): after the best tool, each place goes to
 * the tool with the best `(1 − λ) × relevance + λ × P(server) × (what its server still lacks)`,
 * where relevance is the score relative to the best one, P(server) the server's share of the
 * wanted servers' matches, and what a server lacks is the product of `1 − relevance` over its
 * tools already placed. Tools of other servers compete on relevance alone. The rest of the
 * ranking keeps its order. Returns a new array.
 */
export function diversifyServers(
  ranked: readonly ScoredTool[],
  scores: ReadonlyMap<string, number>,
  wanted: readonly string[],
  window: number,
  lambda: number,
): ScoredTool[] {
  const top = ranked[0]?.score ?? 0;
  if (wanted.length < 2 || lambda <= 0 || top <= 0 || ranked.length < 3) return [...ranked];
  let total = 0;
  for (const server of wanted) total += scores.get(server) ?? 0;
  const share = new Map(wanted.map((server) => [server, (scores.get(server) ?? 0) / total]));
  const lacking = new Map(wanted.map((server) => [server, 1]));
  const pool = ranked.slice(0, Math.max(window * 3, 30));
  const chosen: ScoredTool[] = [];
  const place = (scored: ScoredTool) => {
    chosen.push(scored);
    const server = toolGroup(scored.tool);
    const left = server === undefined ? undefined : lacking.get(server);
    if (left !== undefined) lacking.set(server!, left * (1 - Math.min(1, scored.score / top)));
  };
  const remaining = new Set(pool);
  remaining.delete(pool[0]!);
  place(pool[0]!);
  while (chosen.length < Math.min(window, pool.length)) {
    let best: ScoredTool | undefined;
    let bestValue = -1;
    for (const scored of remaining) {
      const server = toolGroup(scored.tool);
      const need = server === undefined ? 0 : (share.get(server) ?? 0) * (lacking.get(server) ?? 0);
      const value = (1 - lambda) * (scored.score / top) + lambda * need;
      if (value > bestValue) {
        best = scored;
        bestValue = value;
      }
    }
    remaining.delete(best!);
    place(best!);
  }
  const placed = new Set(chosen);
  return [...chosen, ...ranked.filter((scored) => !placed.has(scored))];
}

/** `and` between two parts that each have a few words of their own. */
const AND = /\s+and\s+/i;
const MIN_PART_WORDS = 3;

/**
 * The parts of a request for clause coverage: its clauses, each also cut at a plain `and` when
 * both sides have a few words ("list the storage accounts and save them to a file"). Such cuts
 * also split lists of things ("disks and snapshots"); coverage only acts when the parts' best
 * tools come from different servers, where a wrong cut costs little. Empty for a single part.
 */
export function coverageClauses(query: string): string[] {
  const clauses = decomposeQuery(query);
  const parts: string[] = [];
  for (const clause of clauses.length > 0 ? clauses : [query]) {
    const pieces = clause.split(AND);
    const words = (text: string) => text.split(/\s+/).filter((word) => /\w/.test(word)).length;
    if (pieces.length > 1 && pieces.every((piece) => words(piece) >= MIN_PART_WORDS))
      parts.push(...pieces);
    else parts.push(clause);
  }
  return parts.length > 1 ? parts : [];
}

/** One clause of a multi-part request: its best few tools (ids, best first, lexical in [0,1]). */
export interface ClauseHits {
  text: string;
  hits: readonly { id: string; normalized: number }[];
}

/**
 * The tool each clause most needs: among its best lexical matches, the best one from the server
 * the clause matches best as a whole. A clause where the two rankings disagree ("I'm eager to
 * learn more", matching a word here and there) names no server and gets no place. Tools without a
 * server need no agreement.
 */
export function clauseWinners(
  clauses: readonly ClauseHits[],
  servers: ServerIndex,
  toolOf: (id: string) => ToolDefinition | undefined,
): string[] {
  const winners: string[] = [];
  for (const clause of clauses) {
    const scores = servers.score(clause.text);
    for (const hit of clause.hits) {
      const tool = toolOf(hit.id);
      if (!tool) continue;
      const server = serverSignal(scores, tool);
      if (server !== undefined && toolGroup(tool) !== undefined && server < 1) continue;
      if (!winners.includes(hit.id)) winners.push(hit.id);
      break;
    }
  }
  return winners;
}

/**
 * Places that always keep the relevance order: a request for the default five tools gets the
 * five best, and coverage works in the places a longer list adds.
 */
export const KEPT_PLACES = 5;

/**
 * Reserves places in the first `window` of the ranking for the clauses' winners: up to
 * `share × window` places at the end of it, after a head of at least `KEPT_PLACES` that keeps its
 * order. Nothing moves unless the winners come from two or more servers. A winner already
 * in the window keeps its place; one below it moves to the first reserved place, ahead of the
 * tools it displaces, winners of servers the window does not show yet first. Promoted tools carry
 * the `coverage` signal (1) in their breakdown. Returns a new array; `ranked` is not changed.
 */
export function coverClauses(
  ranked: readonly ScoredTool[],
  winners: readonly string[],
  window: number,
  share: number,
): ScoredTool[] {
  const size = Math.min(window, ranked.length);
  const reserved = Math.min(size - KEPT_PLACES, Math.floor(share * size));
  if (winners.length < 2 || reserved <= 0) return [...ranked];
  const position = new Map(ranked.map((scored, index) => [scored.tool.qualifiedName, index]));
  const inWindow = new Set(ranked.slice(0, size).map((scored) => scored.tool.qualifiedName));
  const shownServers = new Set(ranked.slice(0, size).map((scored) => toolGroup(scored.tool)));
  const missing = winners
    .filter(
      (id) =>
        !inWindow.has(id) &&
        position.has(id) &&
        toolGroup(ranked[position.get(id)!]!.tool) !== undefined,
    )
    .map((id) => ranked[position.get(id)!]!);
  // A request whose parts all go to one server is that server's business: its order stands.
  // Without servers there is no evidence the parts need different tools either.
  const owners = new Set<string>();
  for (const id of winners) {
    const index = position.get(id);
    const server = index === undefined ? undefined : toolGroup(ranked[index]!.tool);
    if (server !== undefined) owners.add(server);
  }
  if (missing.length === 0 || owners.size < 2) return [...ranked];
  // A winner from a server the window does not show adds more than one from a server it does.
  missing.sort(
    (a, b) =>
      Number(shownServers.has(toolGroup(a.tool))) - Number(shownServers.has(toolGroup(b.tool))),
  );
  const head = size - reserved;
  // Winners already in the reserved places stay there, ahead of the promoted ones.
  const winnerSet = new Set(winners);
  const kept = ranked
    .slice(head, size)
    .filter((scored) => winnerSet.has(scored.tool.qualifiedName));
  const promoted = missing.slice(0, reserved - kept.length);
  if (promoted.length === 0) return [...ranked];
  for (const scored of promoted) scored.signals.coverage = 1;
  const placed = new Set([...kept, ...promoted].map((scored) => scored.tool.qualifiedName));
  const rest = ranked.filter((scored) => !placed.has(scored.tool.qualifiedName));
  return [...rest.slice(0, head), ...kept, ...promoted, ...rest.slice(head)];
}
