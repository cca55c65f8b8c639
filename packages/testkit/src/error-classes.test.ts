import * as core from '@arsenal/core';
import { ArsenalError, CancelledError, ConfirmationError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { errorClassProblems } from './error-classes.js';

describe('errorClassProblems', () => {
  it("finds nothing wrong with core's error classes", () => {
    expect(errorClassProblems(core)).toEqual([]);
  });

  it('tells a ConfirmationError from a CancelledError', () => {
    expect(ConfirmationError.isInstance(new CancelledError())).toBe(false);
    expect(ConfirmationError.isInstance(new ConfirmationError('c1', 'expired'))).toBe(true);
    expect(ArsenalError.isInstance(new CancelledError())).toBe(true);
  });

  it('reports a subclass that declares no marker of its own', () => {
    class QuotaError extends ArsenalError {
      constructor() {
        super('quota', 'over quota');
      }
    }
    class SiblingError extends ArsenalError {
      static override readonly marker: symbol = Symbol.for('arsenal.error.test.SiblingError');
    }
    // Without its own marker, QuotaError.isInstance answers for every Arsenal error.
    expect(QuotaError.isInstance(new SiblingError('x', 'y'))).toBe(true);
    expect(errorClassProblems({ QuotaError, SiblingError })).toEqual([
      'QuotaError declares no static marker of its own',
      'QuotaError.isInstance answers true for a SiblingError',
    ]);
  });

  it('reports a class that answers for another and one outside the model', () => {
    const shared = Symbol.for('arsenal.error.test.Shared');
    class FirstError extends ArsenalError {
      static override readonly marker: symbol = shared;
    }
    class SecondError extends ArsenalError {
      static override readonly marker: symbol = shared;
    }
    class PlainError extends Error {}
    const problems = errorClassProblems({ FirstError, SecondError, PlainError });
    expect(problems).toContain('SecondError shares its marker with FirstError');
    expect(problems).toContain('SecondError.isInstance answers true for a FirstError');
    expect(problems).toContain('PlainError does not extend ArsenalError');
  });

  it('accepts a subclass of a subclass that declares its own marker', () => {
    class TransportError extends ArsenalError {
      static override readonly marker: symbol = Symbol.for('arsenal.error.test.TransportError');
    }
    class TlsError extends TransportError {
      static override readonly marker: symbol = Symbol.for('arsenal.error.test.TlsError');
    }
    expect(errorClassProblems({ TransportError, TlsError })).toEqual([]);
    const tls = new TlsError('tls', 'bad certificate');
    expect(TransportError.isInstance(tls)).toBe(true);
    expect(TlsError.isInstance(new TransportError('x', 'y'))).toBe(false);
  });
});
