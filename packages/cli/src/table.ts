export type Alignment = 'left' | 'right';

export interface Column {
  header: string;
  align?: Alignment;
  /** Longest a cell may be; longer text is cut with an ellipsis. */
  maxWidth?: number;
}

/** Cut `text` to `width` characters, ending with an ellipsis when cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** Fixed-width plain-text table; every line is trimmed at the end. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const cells = rows.map((row) =>
    columns.map((column, index) => {
      const text = (row[index] ?? '').replace(/\s+/g, ' ');
      return column.maxWidth === undefined ? text : truncate(text, column.maxWidth);
    }),
  );
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((row) => row[index]!.length)),
  );
  const render = (row: readonly string[]) =>
    row
      .map((cell, index) =>
        columns[index]!.align === 'right'
          ? cell.padStart(widths[index]!)
          : cell.padEnd(widths[index]!),
      )
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.header)), ...cells.map(render)].join('\n');
}

/** `1234567` → `1,234,567`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** Milliseconds with a precision that suits their size. */
export function formatMs(value: number): string {
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}
