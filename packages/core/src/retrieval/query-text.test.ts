import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { LexicalIndex } from './lexical-index.js';
import { searchableQuery } from './query-text.js';

describe('placeholders in requests', () => {
  it('are set apart from the words of the request', () => {
    expect(searchableQuery('List keys in vault <vault-name> of <subscription>')).toEqual({
      text: 'List keys in vault   of  ',
      placeholders: 'vault-name subscription',
    });
    expect(searchableQuery('Is 3 < 4 and 5 > 2?')).toEqual({
      text: 'Is 3 < 4 and 5 > 2?',
      placeholders: '',
    });
    // Nothing but placeholders: searched as it is.
    expect(searchableQuery('<resource_group>')).toEqual({
      text: '<resource_group>',
      placeholders: '',
    });
  });

  it('count less than the words around them', () => {
    const index = new LexicalIndex({ fields: { name: { weight: 1, b: 0 } } });
    index.add('keys', { name: 'list keys' });
    index.add('accounts', { name: 'list storage accounts' });
    const full = index.search('list keys accounts', { limit: 2 }).hits;
    expect(full[0]!.score).toBeCloseTo(full[1]!.score, 5);
    const weak = index.search('list keys', {
      limit: 2,
      weak: { text: 'accounts', weight: 0.3 },
    }).hits;
    expect(weak.map((hit) => hit.id)).toEqual(['keys', 'accounts']);
    expect(weak[1]!.score).toBeGreaterThan(0);
  });

  it('do not outweigh what the request asks for', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'key_get', description: 'Get a key.' },
      { name: 'account_get', description: 'Get a storage account.' },
    ]);
    const result = await arsenal.retrieve('Get the key of <storage-account>');
    expect(result.tools.map((tool) => tool.tool.name)).toEqual(['key_get', 'account_get']);
  });
});
