import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

const CONFIG = [
  'tools:',
  '  inline:',
  '    - name: open_ticket',
  '      description: Open a support ticket with a title.',
  '      parameters:',
  '        type: object',
  '        properties: { title: { type: string } }',
  '        required: [title]',
].join('\n');

describe('inline tools', () => {
  it('are refused at load when nothing can run them, with the ways to give them one', async () => {
    const error = await createArsenalFromConfig(parseConfig(CONFIG, { env: {} })).catch(
      (caught: unknown) => caught,
    );
    expect(ArsenalError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('tools.inline.0 "open_ticket": no way to run it');
    expect(message).toContain('mcpServers');
    expect(message).toContain('handlers: { open_ticket: (args) => ... }');
    expect(message).toContain('tools.catalogs');
  });

  it('run through the handler given in code, with their arguments validated', async () => {
    const { arsenal, close } = await createArsenalFromConfig(parseConfig(CONFIG, { env: {} }), {
      handlers: { open_ticket: (args) => ({ opened: args.title }) },
    });
    try {
      const ok = await arsenal.execute({ tool: 'open_ticket', arguments: { title: 'Login' } });
      expect(ok).toMatchObject({ status: 'success', result: { opened: 'Login' } });
      const bad = await arsenal.execute({ tool: 'open_ticket', arguments: {} });
      expect(bad.status).toBe('invalid_arguments');
    } finally {
      await close();
    }
  });
});

describe('config key typos', () => {
  it('suggest the key that was meant, at any depth', () => {
    const error = (() => {
      try {
        parseConfig('serve:\n  prot: 3333\nmcpServer: {}\n', { env: {} });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toContain('serve.prot: unknown key "prot"; did you mean "port"?');
    expect(error?.message).toContain('unknown key "mcpServer"; did you mean "mcpServers"?');
  });

  it('suggest nothing when no key is close', () => {
    expect(() => parseConfig('zzzzzz: 1\n', { env: {} })).toThrow(
      /unknown key "zzzzzz"; check its spelling/,
    );
  });
});
