let lastMs = Number.NaN;
let lastText = '';
/** The second `secondText` is for (ms since the epoch, a multiple of 1000), and its text up to the dot. */
let lastSecond = Number.NaN;
let secondText = '';

/** "000" to "999": the milliseconds of a time as its ISO text ends. */
const MILLIS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()`, remembered for the last millisecond asked and, for the rest of
 * its second, all but the milliseconds: a call's queued, started and completed times and its
 * events fall in the same second, mostly in the same millisecond, and a Date per time was a
 * visible part of a call's cost.
 */
export function isoTime(ms: number): string {
  if (ms === lastMs) return lastText;
  const second = ms - (ms % 1000);
  if (second === lastSecond && ms >= 0 && Number.isInteger(ms)) {
    lastText = `${secondText}${MILLIS[ms - second]}Z`;
  } else {
    lastText = new Date(ms).toISOString();
    // Times in the usual range (after 1970, four-digit years) share their text up to the dot.
    if (Number.isInteger(ms) && ms >= 0 && lastText.length === 24) {
      lastSecond = second;
      secondText = lastText.slice(0, 20);
    } else {
      lastSecond = Number.NaN;
    }
  }
  lastMs = ms;
  return lastText;
}
