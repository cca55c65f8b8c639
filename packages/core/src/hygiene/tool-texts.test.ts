import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { everyToolText, visitToolTexts } from './tool-texts.js';

const tool = createToolDefinition({
  name: 'send_invoice',
  title: 'Send an invoice',
  description: 'Send an invoice to a customer by e-mail.',
  extendedDescription: 'The invoice is sent as a PDF.',
  examples: ['send invoice 42 to ada'],
  tags: ['billing'],
  annotations: { title: 'Invoice sender' },
  parametersSchema: {
    type: 'object',
    properties: {
      invoiceId: { type: 'string', description: 'The invoice to send.' },
      channel: { type: 'string', enum: ['email', 'post'] },
    },
    required: ['invoiceId'],
  },
  returnsSchema: { type: 'object', properties: { sent: { type: 'boolean' } } },
});

/** The texts visitToolTexts gives, without paths, with what everyToolText says of each. */
function visited(definition: ToolDefinition): string[] {
  const texts: string[] = [];
  visitToolTexts(
    definition,
    (text, parent, _key, name) => {
      const top = parent === '/name' || parent === '/description' || parent === '/title';
      texts.push(`${text}|${top}|${name || parent === '/name'}`);
    },
    false,
  );
  return texts;
}

describe('everyToolText', () => {
  it('asks about every text visitToolTexts visits, in its order, telling own texts and names', () => {
    const asked: string[] = [];
    const all = everyToolText(tool, (text, top, identifier) => {
      asked.push(`${text}|${top}|${identifier}`);
      return true;
    });
    expect(all).toBe(true);
    expect(asked).toEqual(visited(tool));
    expect(asked).toContain('send_invoice|true|true');
    expect(asked).toContain('invoiceId|false|true');
    expect(asked).toContain('The invoice to send.|false|false');
  });

  it('stops at the first text that fails', () => {
    const asked: string[] = [];
    const all = everyToolText(tool, (text) => {
      asked.push(text);
      return text !== 'billing';
    });
    expect(all).toBe(false);
    expect(asked.at(-1)).toBe('billing');
    expect(asked).not.toContain('invoiceId');
  });

  it('is false, as visitToolTexts is, for a schema with more objects than a walk reads', () => {
    // Parts shared by reference count each time they appear (a definition made elsewhere: one
    // made by createToolDefinition is copied within a smaller bound).
    const shared = { minimum: 1 };
    const huge = {
      ...tool,
      parametersSchema: { type: 'object', anyOf: Array.from({ length: 100_001 }, () => shared) },
    } as ToolDefinition;
    expect(visitToolTexts(huge, () => {}, false)).toBe(false);
    expect(everyToolText(huge, () => true)).toBe(false);
  });
});
