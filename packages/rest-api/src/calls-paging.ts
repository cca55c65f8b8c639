import type { AuditRecord, HistoryQuery, HistoryStore } from '@arsenal/core';

/** Most calls one page holds when more than its limit finished in the same millisecond. */
export const MAX_TIED_CALLS = 1000;

/** Most history records one page reads to find calls the caller may read, in batches. */
const SCAN_BATCH = 500;
const MAX_SCAN_ROUNDS = 10;

/** What one page of `/calls` asks the history for. */
export interface CallsPageRequest {
  /** Tool, principal and status filters, passed to the history as they are. */
  filters: Omit<HistoryQuery, 'since' | 'until' | 'limit'>;
  /** Only calls completed before this ISO time (exclusive), as `nextBefore` hands it out. */
  before?: string;
  limit: number;
  /** Drops records the caller may not read (applied after the history answers). */
  keep: (record: AuditRecord) => boolean;
}

/** One page, newest first, and the cursor of the next (older) one, if any. */
export interface CallsPage {
  calls: AuditRecord[];
  nextBefore?: string;
}

function oneMillisecondLater(iso: string): string {
  return new Date(Date.parse(iso) + 1).toISOString();
}

/**
 * The newest `want` records the caller may read before `before`. When `keep` drops records the
 * history returned, older batches are read until enough are found or the history ends (each
 * batch starts at the oldest millisecond of the last one, so none in it is skipped). Past the
 * scan bound, `resumeBefore` says where the next page goes on; the records of that millisecond
 * are left to it.
 */
async function readable(
  history: HistoryStore,
  request: CallsPageRequest,
  want: number,
): Promise<{ found: AuditRecord[]; resumeBefore?: string }> {
  const found: AuditRecord[] = [];
  const seen = new Set<string>();
  let until = request.before;
  for (let round = 0; round < MAX_SCAN_ROUNDS; round++) {
    const size = round === 0 ? want : SCAN_BATCH;
    const batch = await history.query({
      ...request.filters,
      ...(until ? { until } : {}),
      limit: size,
    });
    let fresh = 0;
    for (const record of batch) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      fresh++;
      if (request.keep(record)) found.push(record);
    }
    const oldest = batch.at(-1)?.completedAt;
    if (batch.length < size || found.length >= want || fresh === 0 || oldest === undefined) {
      return { found };
    }
    until = oneMillisecondLater(oldest);
  }
  // Scanned enough for one answer: stop before the last millisecond read, which the next page
  // reads again whole.
  const resumeBefore = until ?? '';
  return {
    found: found.filter((record) => oneMillisecondLater(record.completedAt) !== resumeBefore),
    resumeBefore,
  };
}

/**
 * A page of the audit history. The cursor is a time (calls before it), so a page never ends in
 * the middle of calls that finished in the same millisecond: those would fall on neither side of
 * the next cursor and be lost. The page stops before them and the next one starts with them
 * (`nextBefore` is their millisecond plus one); when more than `limit` calls share it, this page
 * holds all of them (up to MAX_TIED_CALLS).
 */
export async function pageOfCalls(
  history: HistoryStore,
  request: CallsPageRequest,
): Promise<CallsPage> {
  // One more than asked tells whether an older page exists.
  const { found, resumeBefore } = await readable(history, request, request.limit + 1);
  if (found.length <= request.limit) {
    return resumeBefore !== undefined
      ? { calls: found, nextBefore: resumeBefore }
      : { calls: found };
  }
  const page = found.slice(0, request.limit);
  const boundary = page.at(-1)?.completedAt ?? '';
  if (found[request.limit]?.completedAt !== boundary) return { calls: page, nextBefore: boundary };
  const before = page.filter((record) => record.completedAt !== boundary);
  if (before.length > 0) return { calls: before, nextBefore: oneMillisecondLater(boundary) };
  const tied = (
    await history.query({
      ...request.filters,
      since: boundary,
      until: oneMillisecondLater(boundary),
      limit: MAX_TIED_CALLS,
    })
  ).filter(request.keep);
  return { calls: tied, nextBefore: boundary };
}
