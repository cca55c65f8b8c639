import type { Message, Part } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { dataPart, readRequest, textPart } from './message-parts.js';

const message = (...parts: Part[]): Message => ({
  messageId: 'm1',
  contextId: '',
  taskId: '',
  role: 1,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

describe('reading a caller message', () => {
  it('text finds tools, a tool data part runs one, a query data part searches', () => {
    expect(readRequest(message(textPart('send an email')), false)).toEqual({
      kind: 'discover',
      query: 'send an email',
    });
    expect(
      readRequest(message(dataPart({ tool: 'get_weather', arguments: { city: 'Oslo' } })), false),
    ).toEqual({ kind: 'execute', tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(readRequest(message(dataPart({ query: 'weather', limit: 3 })), false)).toEqual({
      kind: 'discover',
      query: 'weather',
      limit: 3,
    });
  });

  it('says what is wrong with a message it cannot use', () => {
    expect(readRequest(message(), false)).toMatchObject({ kind: 'invalid' });
    expect(readRequest(message(dataPart({ tool: 7 })), false).kind).toBe('invalid');
    expect(readRequest(message(dataPart({ tool: 't', arguments: [1] })), false)).toMatchObject({
      kind: 'invalid',
      reason: expect.stringContaining('must be a JSON object'),
    });
  });

  it('reads yes/no or { confirm } while a confirmation is pending', () => {
    expect(readRequest(message(textPart('Yes, go ahead')), true)).toEqual({
      kind: 'answer',
      approve: true,
    });
    expect(readRequest(message(textPart('no')), true)).toEqual({ kind: 'answer', approve: false });
    expect(readRequest(message(dataPart({ confirm: true })), true)).toEqual({
      kind: 'answer',
      approve: true,
    });
    expect(readRequest(message(textPart('maybe later')), true).kind).toBe('invalid');
  });
});
