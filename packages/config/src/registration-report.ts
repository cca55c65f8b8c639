import type { RegistrationSummary } from '@arsenal/core';

/** Warns about what a registration skipped, quarantined or flagged (the first few of each). */
export function reportSummary(
  summary: RegistrationSummary,
  where: string,
  warn: (message: string) => void,
): void {
  reportFailures(summary.failed, where, warn);
  const held = summary.quarantined[0];
  if (held) {
    warn(
      `${where}: quarantined ${summary.quarantined.length} tool(s) the poisoning detector flagged (first: ${held.tool.qualifiedName}: ${held.findings[0]?.message ?? '?'}); they are withheld from models until approved (\`arsenal list --quarantined\` shows them)`,
    );
  }
  for (const warning of summary.warnings.slice(0, 5)) {
    warn(`${where}: tool "${warning.tool}": ${warning.path} ${warning.message}`);
  }
  if (summary.warnings.length > 5)
    warn(`${where}: ${summary.warnings.length - 5} more tool warning(s) like these`);
}

/** Warns about the tools a registration skipped, naming the first. */
export function reportFailures(
  failed: readonly { name?: string; error: Error }[],
  where: string,
  warn: (message: string) => void,
): void {
  const first = failed[0];
  if (first) {
    warn(
      `${where}: skipped ${failed.length} tool(s); first: ${first.name ?? '?'}: ${first.error.message.split('\n').join(' ')}`,
    );
  }
}
