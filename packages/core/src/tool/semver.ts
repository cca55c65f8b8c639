const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Whether `version` is a semantic version (`1.2.3`, `2.0.0-rc.1`, `1.0.0+build.5`). */
export function isSemver(version: string): boolean {
  return SEMVER.test(version);
}

/** Orders semantic versions: negative when a < b. A pre-release sorts before its release. */
export function compareSemver(a: string, b: string): number {
  const left = SEMVER.exec(a);
  const right = SEMVER.exec(b);
  if (!left || !right) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 1; i <= 3; i++) {
    const diff = Number(left[i]) - Number(right[i]);
    if (diff !== 0) return diff;
  }
  const preLeft = left[4];
  const preRight = right[4];
  if (preLeft === preRight) return 0;
  if (preLeft === undefined) return 1;
  if (preRight === undefined) return -1;
  const partsLeft = preLeft.split('.');
  const partsRight = preRight.split('.');
  for (let i = 0; i < Math.max(partsLeft.length, partsRight.length); i++) {
    const x = partsLeft[i];
    const y = partsRight[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) {
      if (nx !== ny) return nx - ny;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}
