/** Parts shorter than this are not split: `status`, `sms`, `oauth` stay whole. */
const MIN_COMPOUND_LENGTH = 7;
/** Longest word tried at each position. */
const MAX_PIECE_LENGTH = 24;

/**
 * Splits an identifier written as one lowercase word (`findpetsbystatus`, `getuserrepos`, as
 * gateways and some generators emit operation ids) into the words `known` holds, or returns
 * undefined when it cannot be covered by them (fewest pieces first). `known` is usually the
 * tool's own vocabulary: the words of its description and parameters, with the lexicon's words.
 * `joins` accepts words that may only join two others (`by`, `and`): at either end they would
 * cut real words into junk (`calculator` → `calculat` + `or`).
 * @example splitCompound('findpetsbystatus', (w) => ['find', 'pets', 'status'].includes(w), (w) => w === 'by') // ['find', 'pets', 'by', 'status']
 */
export function splitCompound(
  word: string,
  known: (piece: string) => boolean,
  joins: (piece: string) => boolean = () => false,
): string[] | undefined {
  if (word.length < MIN_COMPOUND_LENGTH || known(word)) return undefined;
  // pieces[i]: the fewest pieces covering word[0, i), and where the last one starts.
  const pieces = new Int32Array(word.length + 1).fill(-1);
  const from = new Int32Array(word.length + 1).fill(-1);
  pieces[0] = 0;
  for (let end = 2; end <= word.length; end++) {
    for (let start = Math.max(0, end - MAX_PIECE_LENGTH); start <= end - 2; start++) {
      const before = pieces[start]!;
      if (before < 0) continue;
      if (pieces[end]! >= 0 && pieces[end]! <= before + 1) continue;
      const piece = word.slice(start, end);
      const inner = start > 0 && end < word.length;
      if (known(piece) || (inner && joins(piece))) {
        pieces[end] = before + 1;
        from[end] = start;
      }
    }
  }
  if (pieces[word.length]! < 2) return undefined;
  const parts: string[] = [];
  for (let end = word.length; end > 0; end = from[end]!) parts.push(word.slice(from[end]!, end));
  return parts.reverse();
}
