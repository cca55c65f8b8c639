import type { AuditRecord, HistoryQuery, HistoryStore } from '@arsenal/core';

/** Most calls one page holds when more than its limit finished in the same millisecond. */
export const MAX_TIED_CALLS = 1000;

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
  const read = async (range: Pick<HistoryQuery, 'since' | 'until'>, limit: number) =>
    (await history.query({ ...request.filters, ...range, limit })).filter(request.keep);
  // One more than asked tells whether an older page exists.
  const found = await read(
    request.before !== undefined ? { until: request.before } : {},
    request.limit + 1,
  );
  if (found.length <= request.limit) return { calls: found };
  const page = found.slice(0, request.limit);
  const boundary = page.at(-1)?.completedAt ?? '';
  if (found[request.limit]?.completedAt !== boundary) return { calls: page, nextBefore: boundary };
  const before = page.filter((record) => record.completedAt !== boundary);
  if (before.length > 0) return { calls: before, nextBefore: oneMillisecondLater(boundary) };
  const tied = await read(
    { since: boundary, until: oneMillisecondLater(boundary) },
    MAX_TIED_CALLS,
  );
  return { calls: tied, nextBefore: boundary };
}
