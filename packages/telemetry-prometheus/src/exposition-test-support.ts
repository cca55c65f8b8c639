/** One sample line of the Prometheus text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parse the Prometheus text exposition format strictly enough to catch a broken scrape: every
 * sample line must be `name{labels} value`, and every metric family must have HELP and TYPE.
 */
export function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const helps = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') types.set(comment[2]!, comment[3]!);
      else helps.add(comment[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a valid exposition line: ${line}`);
    samples.push({
      name: sample[1]!,
      labels: parseLabels(sample[2] ?? ''),
      value: Number(sample[3]),
    });
  }
  for (const family of types.keys()) {
    if (!helps.has(family)) throw new Error(`metric ${family} has TYPE but no HELP`);
  }
  return { samples, types };
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const pattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;
  let consumed = 0;
  for (const match of text.matchAll(pattern)) {
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
    consumed += match[0].length;
  }
  if (consumed !== text.length) throw new Error(`labels not well formed: {${text}}`);
  return labels;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1)
    throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
