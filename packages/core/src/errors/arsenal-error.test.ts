import { describe, expect, it } from 'vitest';
import * as core from '../index.js';
import { ArsenalError, ToolNotFoundError, toArsenalError } from './arsenal-error.js';

describe('ArsenalError', () => {
  it('is recognised by marker across copies, not by instanceof', () => {
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('arsenal.error')]: true,
      code: 'internal',
    });
    expect(ArsenalError.isInstance(foreign)).toBe(true);
    expect(ArsenalError.isInstance(new Error('plain'))).toBe(false);
    expect(ArsenalError.isInstance(null)).toBe(false);
    expect(ArsenalError.isInstance('tool_not_found')).toBe(false);
  });

  it('names the missing tool and suggests close names', () => {
    const error = new ToolNotFoundError('send_emial', ['send_email']);
    expect(error.message).toBe('Tool "send_emial" not found. Did you mean "send_email"?');
    expect(error.code).toBe('tool_not_found');
    expect(error.name).toBe('ToolNotFoundError');
  });

  it('wraps thrown non-Error values', () => {
    const wrapped = toArsenalError({ reason: 'boom' }, 'execution_failed');
    expect(wrapped.code).toBe('execution_failed');
    expect(wrapped.message).toContain('{"reason":"boom"}');
    expect(toArsenalError('plain string').message).toContain('plain string');
  });

  it('every exported error class is an ArsenalError with a code and its own name', () => {
    const classes = Object.entries(core).filter(
      ([name, value]) =>
        typeof value === 'function' && /^[A-Z]\w*Error$/.test(name) && name !== 'ArsenalError',
    );
    expect(classes.length).toBeGreaterThan(5);
    for (const [name, ErrorClass] of classes) {
      const prototype = (ErrorClass as { prototype: unknown }).prototype;
      expect(prototype instanceof ArsenalError, `${name} extends ArsenalError`).toBe(true);
    }
  });
});
