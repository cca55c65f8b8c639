import { ArsenalError, type Issue, type JsonSchema, type SchemaValidator } from '@arsenal/core';
import { expect } from 'vitest';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';
import {
  FURTHER_KEYWORD_CASES,
  type SchemaKeywordCase,
  SUPPORTED_KEYWORD_CASES,
} from './schema-validator-cases.js';

interface SchemaValidatorCase {
  asserts: string;
  run(validator: SchemaValidator): void;
}

const POINTER = /^(\/([^~/]|~[01])*)*$/;

/** Every issue has core's shape: a JSON Pointer and a readable, non-empty message. */
function expectReadableIssues(issues: readonly Issue[]): void {
  for (const issue of issues) {
    expect(typeof issue.path, 'issue.path is a string').toBe('string');
    expect(issue.path, `"${issue.path}" is a JSON Pointer`).toMatch(POINTER);
    expect(typeof issue.message, 'issue.message is a string').toBe('string');
    expect(issue.message.trim().length, 'issue.message says something').toBeGreaterThan(0);
    expect(issue.message).not.toContain('[object Object]');
    expect(issue.message).not.toContain('undefined');
  }
}

function keywordCase(keywordCase: SchemaKeywordCase): SchemaValidatorCase {
  return {
    asserts: keywordCase.asserts,
    run(validator) {
      const validate = validator.compile(keywordCase.schema as JsonSchema | boolean);
      for (const test of keywordCase.tests) {
        const what = `${test.description}: ${JSON.stringify(test.data)}`;
        const result = validate(test.data);
        const issues = JSON.stringify(result.issues);
        expect(
          result.valid,
          `${what} should be ${test.valid ? 'valid' : 'invalid'}; issues ${issues}`,
        ).toBe(test.valid);
        if (test.valid) expect(result.issues, what).toEqual([]);
        else
          expect(result.issues.length, `${what} is invalid, so it needs an issue`).toBeGreaterThan(
            0,
          );
        expectReadableIssues(result.issues);
        if (!test.valid && test.path !== undefined) {
          expect(
            result.issues.map((issue) => issue.path),
            `${what}: an issue should point at "${test.path}"; issues ${issues}`,
          ).toContain(test.path);
        }
      }
    },
  };
}

function keywordCases<Id extends string>(
  group: Record<Id, SchemaKeywordCase>,
): Record<Id, SchemaValidatorCase> {
  const cases = {} as Record<Id, SchemaValidatorCase>;
  for (const id of Object.keys(group) as Id[]) cases[id] = keywordCase(group[id]);
  return cases;
}

const withDefaults: JsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    units: { type: 'string', default: 'metric' },
    page: {
      type: 'object',
      properties: { size: { type: 'integer', default: 10 } },
      default: { size: 20 },
    },
  },
  required: ['city'],
};

const behaviourCases = {
  'defaults/filled': {
    asserts: 'value holds the defaults of missing properties, nested ones too',
    run(validator) {
      const validate = validator.compile(withDefaults);
      expect(validate({ city: 'Oslo' }).value).toEqual({
        city: 'Oslo',
        units: 'metric',
        page: { size: 20 },
      });
      expect(validate({ city: 'Oslo', units: 'imperial', page: {} }).value).toEqual({
        city: 'Oslo',
        units: 'imperial',
        page: { size: 10 },
      });
    },
  },
  'defaults/input-unchanged': {
    asserts: 'validation never changes the value passed in; defaults go into a copy',
    run(validator) {
      const validate = validator.compile(withDefaults);
      const input = { city: 'Oslo', page: {} };
      const result = validate(input);
      expect(input).toEqual({ city: 'Oslo', page: {} });
      expect(result.value).toEqual({ city: 'Oslo', units: 'metric', page: { size: 10 } });
    },
  },
  'defaults/fresh-copies': {
    asserts: 'an object default is a fresh copy on every call: changing one changes no other',
    run(validator) {
      const validate = validator.compile(withDefaults);
      const first = validate<{ page: { size: number } }>({ city: 'Oslo' }).value;
      first.page.size = 99;
      const second = validate<{ page: { size: number } }>({ city: 'Oslo' }).value;
      expect(second.page.size).toBe(20);
    },
  },
  'issues/every-problem': {
    asserts: 'every problem is reported, not only the first',
    run(validator) {
      const validate = validator.compile({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer', maximum: 14 } },
        required: ['city', 'country'],
      });
      const result = validate({ city: 1, days: 30 });
      expect(result.valid).toBe(false);
      const paths = result.issues.map((issue) => issue.path);
      expect(paths).toEqual(expect.arrayContaining(['/city', '/days', '/country']));
      expectReadableIssues(result.issues);
    },
  },
  'issues/message-without-path': {
    asserts: 'the message says what is wrong without repeating the path or the whole value',
    run(validator) {
      const secret = 'sk-0123456789abcdef0123456789abcdef';
      const validate = validator.compile({
        type: 'object',
        properties: { token: { type: 'string', maxLength: 8 } },
        required: ['city'],
      });
      const result = validate({ token: secret });
      expect(result.issues.length).toBeGreaterThanOrEqual(2);
      for (const issue of result.issues) {
        expect(issue.message.startsWith('/'), `"${issue.message}" starts with a path`).toBe(false);
        expect(issue.message, 'a message does not echo the value').not.toContain(secret);
      }
    },
  },
  'compile/reusable': {
    asserts: 'one compiled schema validates many values, each result its own',
    run(validator) {
      const validate = validator.compile({ type: 'object', required: ['a'] });
      const bad = validate({});
      const good = validate({ a: 1 });
      const badAgain = validate({ b: 1 });
      expect(good).toMatchObject({ valid: true, issues: [] });
      expect(bad.issues).toHaveLength(1);
      expect(badAgain.issues).toHaveLength(1);
      expect(bad.issues).not.toBe(badAgain.issues);
    },
  },
  'compile/unresolvable-ref': {
    asserts:
      'a $ref that points nowhere is refused: compile throws an ArsenalError naming it, or every value is invalid with an issue naming it',
    run(validator) {
      const schema: JsonSchema = {
        type: 'object',
        properties: { place: { $ref: '#/$defs/missing' } },
      };
      let validate: ReturnType<SchemaValidator['compile']>;
      try {
        validate = validator.compile(schema);
      } catch (error) {
        expect(ArsenalError.isInstance(error), `an ArsenalError, got ${String(error)}`).toBe(true);
        expect((error as Error).message).toContain('#/$defs/missing');
        return;
      }
      const result = validate({ place: { city: 'Oslo' } });
      expect(result.valid).toBe(false);
      expect(result.issues.map((issue) => issue.message).join(' ')).toContain('#/$defs/missing');
    },
  },
  'compile/invalid-pattern': {
    asserts:
      'a pattern that is not a regular expression is refused: compile throws an ArsenalError, or values it would check are invalid',
    run(validator) {
      const schema: JsonSchema = {
        type: 'object',
        properties: { code: { type: 'string', pattern: '([a-z' } },
      };
      let validate: ReturnType<SchemaValidator['compile']>;
      try {
        validate = validator.compile(schema);
      } catch (error) {
        expect(ArsenalError.isInstance(error), `an ArsenalError, got ${String(error)}`).toBe(true);
        expect((error as Error).message).toContain('([a-z');
        return;
      }
      const result = validate({ code: 'abc' });
      expect(result.valid).toBe(false);
      expectReadableIssues(result.issues);
    },
  },
  'values/json-only': {
    asserts: 'values a JSON parse can produce never make validation throw, deep nesting included',
    run(validator) {
      const validate = validator.compile({
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'object' } } },
      });
      let deep: unknown = 'leaf';
      for (let i = 0; i < 200; i++) deep = { deep };
      for (const value of [{}, { list: [] }, { list: [null, 1, 'x'] }, deep, { list: [deep] }]) {
        const result = validate(value);
        expect(typeof result.valid).toBe('boolean');
        expectReadableIssues(result.issues);
      }
    },
  },
} satisfies Record<string, SchemaValidatorCase>;

const cases = {
  ...keywordCases(SUPPORTED_KEYWORD_CASES),
  ...keywordCases(FURTHER_KEYWORD_CASES),
  ...behaviourCases,
};

/** @internal Every case by id, for the suite's own tests. */
export const schemaValidatorCases: Readonly<Record<string, SchemaValidatorCase>> = cases;

export type SchemaValidatorCaseId = keyof typeof cases;
export const schemaValidatorCaseIds = Object.keys(cases) as readonly SchemaValidatorCaseId[];

/** `create` builds the validator under test; the suite compiles each case's schema with it. */
export type SchemaValidatorConformanceOptions = ConformanceOptions<
  SchemaValidator,
  SchemaValidatorCaseId
>;

/**
 * Declares the `SchemaValidator` conformance suite: JSON Schema keyword cases (the keywords tool
 * schemas use, then a few 2020-12 keywords core's validator leaves out), the shape of issues
 * (JSON Pointer paths, readable messages), defaults, and how a schema that cannot work is refused.
 *
 * @example
 * describeSchemaValidatorConformance({
 *   name: 'AjvSchemaValidator',
 *   create: () => createAjvSchemaValidator(),
 *   skip: { 'exclusive-bounds/draft-04-booleans': 'ajv implements draft-06 and later' },
 * });
 */
export function describeSchemaValidatorConformance(
  options: SchemaValidatorConformanceOptions,
): void {
  describeConformanceSuite<SchemaValidator, SchemaValidatorCaseId, SchemaValidatorCase>({
    ...options,
    port: 'SchemaValidator',
    cases,
    run: (testCase, validator) => testCase.run(validator),
  });
}
