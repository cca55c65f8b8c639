/** Limits of one embeddings request. */
export interface BatchLimits {
  /** Most inputs in one request. */
  maxInputs: number;
  /** Most (estimated) tokens summed over one request's inputs. */
  maxTokens: number;
}

/**
 * A cautious token count without a tokenizer: BPE vocabularies average about four characters
 * per token in English, fewer in other scripts, so count one token per three UTF-16 units.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3) + 1;
}

/** Split `texts` into consecutive batches within `limits`, as index ranges [start, end). */
export function splitIntoBatches(
  texts: readonly string[],
  limits: BatchLimits,
): Array<[number, number]> {
  const batches: Array<[number, number]> = [];
  let start = 0;
  let tokens = 0;
  for (let index = 0; index < texts.length; index += 1) {
    const cost = estimateTokens(texts[index]!);
    const full =
      index - start >= limits.maxInputs || (index > start && tokens + cost > limits.maxTokens);
    if (full) {
      batches.push([start, index]);
      start = index;
      tokens = 0;
    }
    tokens += cost;
  }
  if (start < texts.length) batches.push([start, texts.length]);
  return batches;
}
