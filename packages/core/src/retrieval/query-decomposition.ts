// Requests often ask for several things at once ("find the hotel, then book it and email me the
// receipt"). Each part deserves its best tool, so the query is split into clauses at sentence
// ends and at words that chain tasks, and every clause is searched on its own as well.

const CLAUSE_BREAK =
  /(?<=[.?!;])\s+|\s*\b(?:and\s+|,\s*)?(?:then|after that|afterwards|additionally|also|finally|furthermore|moreover|as well as|besides|in addition)\b[,:]?\s*|,\s*and\s+|\n+/i;

/** Clauses of a request that name a task of their own; empty when there is only one. */
export function decomposeQuery(query: string, minWords = 2): string[] {
  const clauses = query
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => clause.split(/\s+/).filter((word) => /\w/.test(word)).length >= minWords);
  return clauses.length > 1 ? clauses : [];
}
