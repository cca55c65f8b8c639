import { percentOf, rowsOf, whole } from './formats.js';
import type { ResultView } from './result-view.js';
import type { TableSpec } from './table-spec.js';

const count = (row: ResultView, key: string) => whole(row.figure(key)?.median ?? Number.NaN);
const share = (row: ResultView, part: string, total: string) => {
  const all = row.figure(total)?.median ?? 0;
  return all === 0 ? '—' : percentOf((row.figure(part)?.median ?? 0) / all);
};

/** The held-out corpus in all, when the result has it (results before it was added do not). */
function heldOutRow(root: ResultView): string[][] {
  const holdout = root.at('holdout');
  if (holdout.figure('poisoned')?.median === undefined) return [];
  return [
    [
      '_held-out corpus_',
      count(holdout, 'poisoned'),
      `${count(holdout, 'caught')} (${share(holdout, 'caught', 'poisoned')})`,
      count(holdout, 'harmless'),
      `${count(holdout, 'flagged')} (${share(holdout, 'flagged', 'harmless')})`,
    ],
  ];
}

/** The honest tuning look-alikes (no attacks), when the result has them. */
function tuningRow(root: ResultView): string[][] {
  const tuning = root.at('tuning');
  if (tuning.figure('harmless')?.median === undefined) return [];
  return [
    [
      '_tuning look-alikes_',
      '—',
      '—',
      count(tuning, 'harmless'),
      `${count(tuning, 'flagged')} (${share(tuning, 'flagged', 'harmless')})`,
    ],
  ];
}

/** The poisoning detector (bench/poisoning-detector.ts): the corpus per kind, the real catalogs. */
export const HYGIENE_TABLES: TableSpec[] = [
  {
    name: 'poisoning-detector-kinds',
    sources: ['poisoning-detector'],
    headers: ['kind', 'attacks', 'caught', 'look-alikes', 'flagged'],
    rows: ([file]) => {
      const kindRows = rowsOf(file!, 'kinds').map((row) => [
        row.text('kind'),
        count(row, 'poisoned'),
        `${count(row, 'caught')} (${share(row, 'caught', 'poisoned')})`,
        count(row, 'harmless'),
        row.figure('harmless')?.median
          ? `${count(row, 'flagged')} (${share(row, 'flagged', 'harmless')})`
          : '—',
      ]);
      const corpus = file!.root().at('corpus');
      return [
        ...kindRows,
        [
          '**all**',
          count(corpus, 'poisoned'),
          `**${count(corpus, 'caught')} (${share(corpus, 'caught', 'poisoned')})**`,
          count(corpus, 'harmless'),
          `**${count(corpus, 'flagged')} (${share(corpus, 'flagged', 'harmless')})**`,
        ],
        ...tuningRow(file!.root()),
        ...heldOutRow(file!.root()),
      ];
    },
  },
  {
    name: 'poisoning-detector-catalogs',
    sources: ['poisoning-detector'],
    headers: ['catalog', 'tools', 'flagged', 'scan ms'],
    rows: ([file]) => {
      const rows = rowsOf(file!, 'catalogs');
      const total = (key: string) =>
        rows.reduce((sum, row) => sum + (row.figure(key)?.median ?? 0), 0);
      return [
        ...rows.map((row) => [
          row.text('set'),
          count(row, 'tools'),
          count(row, 'flagged'),
          count(row, 'scanMs'),
        ]),
        [
          '**all**',
          whole(total('tools')),
          `**${whole(total('flagged'))}**`,
          whole(total('scanMs')),
        ],
      ];
    },
  },
];
