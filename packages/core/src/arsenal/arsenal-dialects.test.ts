import { describe, expect, it } from 'vitest';
import { TranscodeError } from '../errors/arsenal-error.js';
import type { Transcoder } from '../ports/transcoder.js';
import { decodeVendorArguments } from '../schema/vendor-arguments.js';
import { defineTool } from '../tool/define-tool.js';
import { createArsenal } from './arsenal.js';
import { encodeToolList } from './encode-tool-list.js';

const note = defineTool({
  name: 'add_note',
  description: 'Add a note to a ticket.',
  input: {
    type: 'object',
    properties: { ticket: { type: 'string' }, note: { type: 'string' } },
    required: ['ticket'],
  },
  handler: (args) => args,
});
const labels = defineTool({
  name: 'set_labels',
  description: 'Set free-form labels on a ticket.',
  input: {
    type: 'object',
    properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
  },
  handler: (args) => args,
});

/** A strict-style dialect: refuses maps in strict mode, sends null for optional properties. */
const strictish: Transcoder = {
  dialect: 'strictish',
  encode(tool, options) {
    const schema = JSON.stringify(tool.parametersSchema);
    if (options?.strict === true && schema.includes('additionalProperties')) {
      throw new TranscodeError('strictish', `schema of "${tool.name}" has a map`);
    }
    return { name: tool.name, strict: options?.strict === true };
  },
  decode: () => ({ name: 'x', description: 'x' }),
  decodeArguments: (tool, args) => decodeVendorArguments(tool.parametersSchema, args),
};

describe('Arsenal with dialects', () => {
  it('decodes arguments sent in a dialect before validating them', async () => {
    const arsenal = createArsenal({ transcoders: [strictish] });
    await arsenal.register([note]);
    const call = { tool: 'add_note', arguments: { ticket: 'T-1', note: null } };
    expect((await arsenal.execute(call)).status).toBe('invalid_arguments');
    const decoded = await arsenal.execute({ ...call, dialect: 'strictish' });
    expect(decoded).toMatchObject({ status: 'success', result: { ticket: 'T-1' } });
    const batch = await arsenal.executeBatch({ calls: [{ ...call, dialect: 'strictish' }] });
    expect(batch.results[0]?.status).toBe('success');
    await expect(arsenal.execute({ ...call, dialect: 'klingon' })).rejects.toThrow(
      /No transcoder for dialect "klingon"/,
    );
    await arsenal.close();
  });

  it('decodes arguments sent as the JSON text a model returns', async () => {
    const arsenal = createArsenal({ transcoders: [strictish] });
    await arsenal.register([note]);
    const text = '{"ticket":"T-2","note":null}';
    const decoded = await arsenal.execute({
      tool: 'add_note',
      arguments: text,
      dialect: 'strictish',
    });
    expect(decoded).toMatchObject({ status: 'success', result: { ticket: 'T-2' } });
    const broken = await arsenal.execute({
      tool: 'add_note',
      arguments: '{"ticket":',
      dialect: 'strictish',
    });
    expect(broken.status).toBe('invalid_arguments');
    await arsenal.close();
  });

  it('retrieves for the only registered dialect without options, and says what to pass otherwise', async () => {
    const one = createArsenal({ transcoders: [strictish] });
    await one.register([note]);
    expect(await one.retrieveTools('note on a ticket')).toEqual([
      { name: 'add_note', strict: false },
    ]);
    const none = createArsenal();
    await expect(none.retrieveTools('note')).rejects.toThrow(
      /needs a transcoder, and none is registered.*createArsenal\(\{ transcoders/,
    );
    const two = createArsenal({ transcoders: [strictish, { ...strictish, dialect: 'other' }] });
    await expect(two.retrieveTools('note')).rejects.toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining("'strictish' | 'other'"),
    });
    await Promise.all([one.close(), none.close(), two.close()]);
  });

  it('refuses an option createArsenal does not read, naming the closest', () => {
    expect(() => createArsenal({ transcoder: [strictish] } as never)).toThrow(
      /no option "transcoder"\. Did you mean "transcoders"\?/,
    );
    expect(() => createArsenal('openai' as never)).toThrow(/takes an options object/);
  });

  it('sends a tool strict mode cannot express non-strict, with a warning naming it', async () => {
    const { tools, warnings } = encodeToolList(strictish, [note.definition, labels.definition], {
      strict: true,
    });
    expect(tools).toEqual([
      { name: 'add_note', strict: true },
      { name: 'set_labels', strict: false },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/^Tool "set_labels" was sent without strict mode: /);

    const arsenal = createArsenal({ transcoders: [strictish] });
    await arsenal.register([note, labels]);
    const seen: string[] = [];
    const listed = await arsenal.retrieveTools('ticket labels note', {
      dialect: 'strictish',
      encode: { strict: true },
      onWarning: (warning) => seen.push(warning.tool),
    });
    expect(listed).toHaveLength(2);
    expect(seen).toEqual(['set_labels']);
    await arsenal.close();
  });

  it('lists only what a principal may see', async () => {
    const payroll = defineTool({
      name: 'read_payroll',
      description: 'Read the payroll.',
      capabilities: ['financial'],
      input: { type: 'object', properties: {} },
      handler: () => 'ok',
    });
    const arsenal = createArsenal();
    await arsenal.register([note, payroll]);
    expect(arsenal.list().map((tool) => tool.name)).toEqual(['add_note', 'read_payroll']);
    const guest = { id: 'guest', capabilities: [] };
    expect(arsenal.list({ principal: guest }).map((tool) => tool.name)).toEqual(['add_note']);
    const accountant = { id: 'acc', capabilities: ['financial'] };
    expect(arsenal.list({ principal: accountant })).toHaveLength(2);
    await arsenal.close();
  });
});
