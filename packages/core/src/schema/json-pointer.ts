/** Escape one JSON-pointer segment (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapeJsonPointer(segment: string): string {
  // Nearly every segment (a property name, an index) needs no escaping: no regex runs for it.
  if (segment.indexOf('~') < 0 && segment.indexOf('/') < 0) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Read one segment of a JSON pointer as written in a `$ref` URI fragment: percent-escapes are
 * decoded, then `~1` → `/` and `~0` → `~`.
 */
export function unescapeJsonPointer(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray "%" is not an escape; keep the segment as written.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
