import { figureText } from './markdown.js';
import type { ResultFile, ResultView } from './result-view.js';

/** Thousands separated, rounded: `12,927`. */
export const whole = (value: number) => Math.round(value).toLocaleString('en-US');
/** A fixed number of decimals, thousands separated: `1,264.506`. */
export const decimals = (digits: number) => (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Three significant digits, as latency tails are read: `0.293`, `5.70`, `12.2`. */
export const significant = (value: number) =>
  Math.abs(value) >= 1000 ? whole(value) : value.toPrecision(3);
/** A share as a percentage with two decimals: `0.998` → `99.80%`. */
export const percentOf = (value: number) => `${(value * 100).toFixed(2)}%`;

/** The cell of a figure at `key`: its median, and its range when runs differ. */
export const cell = (row: ResultView, key: string, format: (value: number) => string) =>
  figureText(row.figure(key), format);

/** The entries under `key` of a result file (its `results` rows, say), each as a view. */
export const rowsOf = (file: ResultFile, key: string) => file.root().list(key);
