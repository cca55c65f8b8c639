import { describe, expect, it } from 'vitest';
import { analyze } from '../text/tokenize.js';
import { DocumentAnalyzer } from './document-analyzer.js';
import { LexicalIndex } from './lexical-index.js';

const fields = {
  name: { weight: 3, b: 0.3, keepStopWords: true },
  description: { weight: 1, b: 0.75 },
  parameters: { weight: 0.4, b: 0.75 },
};

/** Term ids as an index gives them: one numbering for the analyzer's whole life. */
function termIds() {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const termId = (term: string) => {
    let id = ids.get(term);
    if (id === undefined) {
      id = names.length;
      ids.set(term, id);
      names.push(term);
    }
    return id;
  };
  return { names, termId };
}

/** The terms a document's keys stand for, per field, in the order of its tokens' keys. */
function termsOf(
  analyzer: DocumentAnalyzer,
  numbering: ReturnType<typeof termIds>,
  document: Record<string, string | string[]>,
): string[][] {
  const keys = analyzer.keys(document, numbering.termId);
  const fieldCount = Object.keys(fields).length;
  const byField: string[][] = Object.keys(fields).map(() => []);
  for (const key of keys)
    byField[key % fieldCount]!.push(numbering.names[Math.floor(key / fieldCount)]!);
  return byField;
}

describe('DocumentAnalyzer', () => {
  it('gives the terms analyze gives, for texts and lists of texts, seen once or again', () => {
    const analyzer = new DocumentAnalyzer(Object.keys(fields), Object.values(fields));
    const numbering = termIds();
    const document = {
      name: 'get the weather',
      description: 'Current conditions for a city, in Celsius. Uses getForecastV2 and S3.',
      parameters: ['city name', 'The city to look up (café, 天气预报).', 'city name', 'unit'],
    };
    for (let pass = 0; pass < 2; pass++) {
      const [name, description, parameters] = termsOf(analyzer, numbering, document);
      expect(name).toEqual(analyze(document.name, { keepStopWords: true }));
      expect(description).toEqual(analyze(document.description));
      expect(parameters).toEqual(document.parameters.flatMap((text) => analyze(text)));
      expect([...analyzer.lengths]).toEqual([
        name!.length,
        description!.length,
        parameters!.length,
      ]);
    }
  });

  it('reads a text as ASCII only when every code unit is, wherever the first other one is', () => {
    const analyzer = new DocumentAnalyzer(Object.keys(fields), Object.values(fields));
    const numbering = termIds();
    // DEL (U+007F) is ASCII; U+0080, an accented letter, a full-width letter and a lone
    // surrogate are not, at the start, in the middle and at the end of a text.
    const texts = [
      'rate\u007flimit per minute',
      '\u0080rate limit',
      'caf\u00e9 opening hours',
      'opening hours of the caf\u00e9',
      'ｃity lookup',
      'weather \ud83c',
      'Résumé parser for PDF files',
    ];
    for (const text of texts) {
      const document = { name: text, description: text, parameters: [text, 'plain words'] };
      const [name, description, parameters] = termsOf(analyzer, numbering, document);
      expect(name, text).toEqual(analyze(text, { keepStopWords: true }));
      expect(description, text).toEqual(analyze(text));
      expect(parameters, text).toEqual([...analyze(text), ...analyze('plain words')]);
    }
  });

  it('reads a cleared index with its new term ids, not those remembered before', () => {
    const index = new LexicalIndex({ fields });
    index.add('a', { name: 'alpha', description: 'First tool.', parameters: ['zebra crossing'] });
    index.add('b', { name: 'beta', description: 'Second tool.', parameters: ['yellow submarine'] });
    index.clear();
    // The same parameter texts, met again after the clear: their terms get other ids now.
    const third = { name: 'gamma', description: 'Third tool of the set.' };
    index.add('c', { ...third, parameters: ['yellow submarine'] });
    index.add('d', { name: 'delta', description: 'Fourth tool.', parameters: ['zebra crossing'] });
    expect(index.search('zebra', { limit: 5 }).hits.map((hit) => hit.id)).toEqual(['d']);
    expect(index.search('submarine', { limit: 5 }).hits.map((hit) => hit.id)).toEqual(['c']);
    expect(index.search('alpha', { limit: 5 }).hits).toEqual([]);
  });

  it('gives the same terms for list texts after many texts were remembered and forgotten', () => {
    const analyzer = new DocumentAnalyzer(Object.keys(fields), Object.values(fields));
    const numbering = termIds();
    // Enough distinct texts to fill the memo of (non-ASCII) texts and start it again.
    const texts = Array.from({ length: 60_000 }, (_, i) => `café${i % 1000} part${i} of list`);
    const expected = (text: string) => analyze(text);
    for (let i = 0; i < texts.length; i += 997) {
      const parameters = [texts[i]!, 'city name', texts[(i * 7) % texts.length]!];
      const [, , terms] = termsOf(analyzer, numbering, { parameters });
      expect(terms).toEqual(parameters.flatMap(expected));
    }
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < texts.length; i++)
        analyzer.keys({ parameters: [texts[i]!] }, numbering.termId);
      const parameters = [texts[5]!, texts[59_999]!, 'city name'];
      const [, , terms] = termsOf(analyzer, numbering, { parameters });
      expect(terms).toEqual(parameters.flatMap(expected));
    }
  });
});
