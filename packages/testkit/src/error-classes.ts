import { describe, expect, it } from 'vitest';

/**
 * Checks that every error class a module exports can be told apart from the others: it extends
 * ArsenalError, declares its own `static marker`, and its `isInstance` answers true for its own
 * instances (and its subclasses') and false for every other exported error.
 */

const BASE_MARKER = Symbol.for('arsenal.error');

type ErrorClass = (abstract new (
  ...args: never[]
) => Error) & {
  readonly marker?: symbol;
  isInstance?: (value: unknown) => boolean;
};

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === 'function' && value.prototype instanceof Error;
}

function ancestors(errorClass: ErrorClass): ErrorClass[] {
  const chain: ErrorClass[] = [];
  let current: unknown = Object.getPrototypeOf(errorClass);
  while (isErrorClass(current)) {
    chain.push(current);
    current = Object.getPrototypeOf(current);
  }
  return chain;
}

/** Builds an instance with dummy arguments; undefined when the constructor refuses them. */
function sampleInstance(errorClass: ErrorClass): Error | undefined {
  const attempts: unknown[][] = [['sample', 'sample', 'sample'], ['sample', []], []];
  for (const args of attempts) {
    try {
      return new (errorClass as unknown as new (...args: unknown[]) => Error)(...args);
    } catch {
      // try the next argument shape
    }
  }
  return undefined;
}

/**
 * Lists what is wrong with the error classes among `moduleExports` (an `import * as` namespace or
 * `await import(...)`); an empty list means every class can be told apart.
 *
 * @example
 * expect(errorClassProblems(await import('./index.js'))).toEqual([]);
 */
export function errorClassProblems(moduleExports: Record<string, unknown>): string[] {
  const classes = Object.entries(moduleExports).filter(
    (entry): entry is [string, ErrorClass] => /Error$/.test(entry[0]) && isErrorClass(entry[1]),
  );
  const problems: string[] = [];
  const owners = new Map<symbol, string>();
  for (const [name, errorClass] of classes) {
    const chain = ancestors(errorClass);
    if (
      errorClass.marker !== BASE_MARKER &&
      !chain.some((parent) => parent.marker === BASE_MARKER)
    ) {
      problems.push(`${name} does not extend ArsenalError`);
      continue;
    }
    const marker = Object.hasOwn(errorClass, 'marker') ? errorClass.marker : undefined;
    if (typeof marker !== 'symbol') {
      problems.push(`${name} declares no static marker of its own`);
    } else {
      const owner = owners.get(marker);
      if (owner) problems.push(`${name} shares its marker with ${owner}`);
      owners.set(marker, name);
    }
    const instance = sampleInstance(errorClass);
    if (!instance) continue;
    if (errorClass.isInstance?.(instance) !== true) {
      problems.push(`${name}.isInstance does not recognise a ${name}`);
    }
    for (const [otherName, other] of classes) {
      if (other === errorClass || chain.includes(other)) continue;
      if (other.isInstance?.(instance) === true) {
        problems.push(`${otherName}.isInstance answers true for a ${name}`);
      }
    }
  }
  return problems;
}

/**
 * A vitest suite for a package's root entry: it exports exactly the error classes `names`, and
 * each can be told apart from the others (see {@link errorClassProblems}).
 *
 * @example
 * describeErrorClasses(await import('./index.js'), ['HistoryStoreError']);
 */
export function describeErrorClasses(
  moduleExports: Record<string, unknown>,
  names: readonly string[],
): void {
  describe('exported error classes', () => {
    it(`exports ${names.length === 0 ? 'none' : names.join(', ')}`, () => {
      const exported = Object.keys(moduleExports).filter(
        (name) => /Error$/.test(name) && isErrorClass(moduleExports[name]),
      );
      expect(exported.sort()).toEqual([...names].sort());
    });
    it('each declares its own marker and answers only for its own instances', () => {
      expect(errorClassProblems(moduleExports)).toEqual([]);
    });
  });
}
