import { InvalidArgumentError } from '@arsenal/core';

/**
 * Check a suite's `skip` option when the suite is declared: every id must name a case, and
 * every skip must say why, so a renamed case cannot silently stop running or stop being skipped.
 * Returns the trimmed reason for each skipped case.
 */
export function checkConformanceSkips(
  suite: string,
  caseIds: readonly string[],
  skip: Readonly<Record<string, unknown>> | undefined,
): ReadonlyMap<string, string> {
  const reasons = new Map<string, string>();
  for (const [id, reason] of Object.entries(skip ?? {})) {
    if (!caseIds.includes(id)) {
      throw new InvalidArgumentError(
        `skip names "${id}", which is not a ${suite} conformance case. The cases are: ${caseIds.join(', ')}.`,
      );
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new InvalidArgumentError(
        `skip["${id}"] needs a reason: a sentence saying why this ${suite} cannot pass the case.`,
      );
    }
    reasons.set(id, reason.trim());
  }
  return reasons;
}
