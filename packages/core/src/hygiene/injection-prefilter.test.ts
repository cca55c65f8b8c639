import { describe, expect, it } from 'vitest';
import { seededRandom } from '../hash/seeded-random.js';
import { groupedAlternation, MAY_MATCH, MAY_MATCH_SNAKE, TRIGGERS } from './injection-rules.js';

// Texts made of trigger words (some cut, some in capitals) and random characters, so that
// near-misses ("ignor", "api-ke") are as common as matches.
function texts(count: number, alphabet: string, seed: number): string[] {
  const random = seededRandom(seed);
  const words = [
    'ignore',
    'you are now',
    'when using',
    'whenever calling',
    'api_key',
    'apikey',
    'private key',
    '.aws',
    '/etc/',
    'mcp.json',
    'wallet.dat',
    'javascript:',
    'data:text',
    'id_',
    "don't",
    'content',
    'messages',
    'env vars',
    '<',
    '[',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = Math.floor(random() * 16);
    for (let j = 0; j < length; j++) {
      if (random() < 0.15) {
        const word = words[Math.floor(random() * words.length)]!;
        const cut = random() < 0.3 ? word.slice(0, Math.max(1, word.length - 1)) : word;
        text += random() < 0.3 ? cut.toUpperCase() : cut;
      } else text += alphabet[Math.floor(random() * alphabet.length)];
    }
    out.push(text);
  }
  return out;
}

describe('the injection prefilter', () => {
  it('matches exactly what the plain alternation of its triggers matches', () => {
    const plain = new RegExp(TRIGGERS.join('|'), 'i');
    let matched = 0;
    for (const text of texts(30_000, "abcdefghijklmnopqrstuvwxyz _.:/'<[-", 7)) {
      expect(MAY_MATCH.test(text), text).toBe(plain.test(text));
      if (plain.test(text)) matched++;
    }
    // Both outcomes are exercised.
    expect(matched).toBeGreaterThan(3000);
    expect(matched).toBeLessThan(27_000);
  });

  it('groups alternatives by their first character without changing what they match', () => {
    const grouped = groupedAlternation(['ab', 'ac', 'b', '\\.x', '\\.y', '[<>]']);
    expect(grouped.source).toBe('a(?:b|c)|b|\\.(?:x|y)|[<>]');
    expect(['AB', 'xac', '.y', '>', 'b'].every((text) => grouped.test(text))).toBe(true);
    expect(['a', 'ad', '.z', 'x'].some((text) => grouped.test(text))).toBe(false);
  });

  it('matches a snake_case identifier whenever its words would match', () => {
    const snake = texts(30_000, 'abcdefghijklmnopqrstuvwxyz0123456789', 11).map((text) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    );
    let matched = 0;
    for (const identifier of snake) {
      if (!MAY_MATCH.test(identifier.replaceAll('_', ' '))) continue;
      matched++;
      expect(MAY_MATCH_SNAKE.test(identifier), identifier).toBe(true);
    }
    expect(matched).toBeGreaterThan(1000);
  });
});
