import { cell, percentOf, rowsOf, whole } from './formats.js';
import type { TableSpec } from './table-spec.js';

/** The provider tool search benchmark (`bench/tool-search.ts`): tokens, cached prefix, recall. */
export const TOOL_SEARCH_TABLES: TableSpec[] = [
  {
    name: 'tool-search',
    sources: ['tool-search'],
    headers: [
      'benchmark',
      'tools',
      'mode',
      'OpenAI tokens / turn',
      'OpenAI stable prefix',
      'Anthropic tokens / turn',
      'Anthropic stable prefix',
      'Recall@5',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'rows').map((row) => [
        row.text('benchmark'),
        cell(row, 'tools', whole),
        row.text('label'),
        cell(row, 'openaiTokens', whole),
        cell(row, 'openaiPrefix', whole),
        cell(row, 'anthropicTokens', whole),
        cell(row, 'anthropicPrefix', whole),
        cell(row, 'recall5', percentOf),
      ]),
  },
];
