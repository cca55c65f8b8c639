/** Levenshtein distance, bounded: returns `max + 1` as soon as the distance must exceed `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Names close to `target` (typos, missing or extra words), best first. */
export function closestNames(target: string, names: Iterable<string>, limit: number): string[] {
  const maxDistance = Math.max(2, Math.floor(target.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(names)) {
    const distance = editDistance(target, name, maxDistance);
    const contains = name.includes(target) || target.includes(name);
    if (distance <= maxDistance || (contains && Math.min(name.length, target.length) >= 3)) {
      scored.push({ name, score: contains ? Math.min(distance, 1) : distance });
    }
  }
  scored.sort((x, y) => x.score - y.score || (x.name < y.name ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.name);
}
