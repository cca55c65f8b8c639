import type { Arsenal } from '@arsenal/core';
import { type CliIO, writeLine } from '../io.js';
import { formatCount, formatTable } from '../table.js';
import { displayName } from './tool-display.js';

/**
 * `arsenal list --quarantined`: the imported tools the poisoning detector flagged, withheld from
 * models until approved, with what it found and where.
 */
export function printQuarantined(
  arsenal: Arsenal,
  io: CliIO,
  options: { json: boolean; label: string },
): number {
  const held = arsenal.quarantined();
  if (options.json) {
    writeLine(
      io.stdout,
      JSON.stringify(
        {
          total: held.length,
          tools: held.map(({ tool, findings, quarantinedAt }) => ({
            qualifiedName: tool.qualifiedName,
            source: tool.source,
            contentHash: tool.contentHash,
            quarantinedAt,
            findings,
          })),
        },
        null,
        2,
      ),
    );
    return 0;
  }
  if (held.length === 0) {
    writeLine(io.stdout, `No tool is quarantined in ${options.label}.`);
    return 0;
  }
  const width = io.stdout.columns ?? 120;
  const rows = held.flatMap(({ tool, findings }) =>
    findings.map((finding, index) => [
      index === 0 ? displayName(tool) : '',
      index === 0 ? tool.source : '',
      finding.rule,
      finding.path,
      finding.message,
    ]),
  );
  writeLine(
    io.stdout,
    formatTable(
      [
        { header: 'tool', maxWidth: 40 },
        { header: 'source' },
        { header: 'rule' },
        { header: 'where', maxWidth: 36 },
        { header: 'finding', maxWidth: io.stdout.columns ? Math.max(30, width - 110) : 80 },
      ],
      rows,
    ),
  );
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    `${formatCount(held.length)} tool(s) quarantined in ${options.label}: withheld from retrieval, listing and calls until approved (arsenal.approveQuarantined(name)).`,
  );
  return 0;
}
