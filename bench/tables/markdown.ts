import type { Figure, Provenance } from './result-view.js';

/** A markdown table with its columns padded, as the rest of docs/benchmarks.md is written. */
export function markdownTable(headers: readonly string[], rows: readonly string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** `median (min–max)` over several runs, the value alone for one run or when all runs agree. */
export function figureText(figure: Figure | undefined, format: (value: number) => string): string {
  if (figure === undefined) return '—';
  const median = format(figure.median);
  const min = format(figure.min);
  const max = format(figure.max);
  return min === max ? median : `${median} (${min}–${max})`;
}

const range = (values: readonly number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? String(low) : `${low}–${high}`;
};

/** One line under a table: the file, the runs, the load, the machine, the date and the commit. */
export function provenanceLine(provenance: Provenance): string {
  const { file, runs, repeated, loads, machines } = provenance;
  const parts: string[] = [`Source: \`bench/results/${file}\``];
  parts.push(
    runs === undefined
      ? 'number of runs not recorded'
      : repeated
        ? `${runs} runs, median (min–max)`
        : runs === 1
          ? 'one run'
          : `one run (the file records ${runs} repetitions inside it, as medians)`,
  );
  parts.push(
    loads.length === machines.length && loads.length > 0
      ? `load average (1 min) ${range(loads)}`
      : 'load average not recorded',
  );
  const first = machines[0] ?? {};
  const cpu = first.cpu ? `${first.cpu}, ${first.cores ?? '?'} cores` : 'machine not recorded';
  parts.push(first.node ? `${cpu}, Node ${first.node}` : cpu);
  const dates = [...new Set(machines.map((machine) => machine.date).filter(Boolean))];
  parts.push(dates.length > 0 ? dates.join(', ') : 'date not recorded');
  const commits = [...new Set(machines.map((machine) => machine.commit))];
  parts.push(
    machines.length > 0 && machines.every((machine) => machine.commit)
      ? `commit ${commits.join(', ')}`
      : 'commit not recorded',
  );
  return `${parts.join('; ')}.`;
}

const MARKER = /<!-- bench:table ([a-z0-9-]+) -->\n[\s\S]*?<!-- \/bench:table -->/g;

/** The names of the generated regions, in document order. */
export function markedTables(document: string): string[] {
  return [...document.matchAll(MARKER)].map((match) => match[1]!);
}

/** Rewrites only the marked regions; prose around them is left as written. */
export function replaceTables(document: string, render: (name: string) => string): string {
  return document.replace(
    MARKER,
    (_, name: string) => `<!-- bench:table ${name} -->\n${render(name)}\n<!-- /bench:table -->`,
  );
}
