import { coreSchemaValidator, type SchemaValidator } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { FURTHER_KEYWORD_CASES, SUPPORTED_KEYWORD_CASES } from './schema-validator-cases.js';
import { schemaValidatorCases } from './schema-validator-conformance.js';

function failingCases(validator: SchemaValidator): string[] {
  const failed: string[] = [];
  for (const [id, testCase] of Object.entries(schemaValidatorCases)) {
    try {
      testCase.run(validator);
    } catch {
      failed.push(id);
    }
  }
  return failed;
}

describe('SchemaValidator conformance cases', () => {
  it('fail a validator that accepts everything, in every keyword case with an invalid value', () => {
    const lenient: SchemaValidator = {
      name: 'lenient',
      compile: () => (value) => ({ valid: true, issues: [], value: value as never }),
    };
    const failed = failingCases(lenient);
    const keywordCases = { ...SUPPORTED_KEYWORD_CASES, ...FURTHER_KEYWORD_CASES };
    for (const [id, keywordCase] of Object.entries(keywordCases)) {
      const refuses = keywordCase.tests.some((test) => !test.valid);
      expect(failed.includes(id), id).toBe(refuses);
    }
    expect(failed).toEqual(expect.arrayContaining(['defaults/filled', 'issues/every-problem']));
  });

  it('fail a validator whose issues are not JSON Pointers or say nothing', () => {
    const sloppy: SchemaValidator = {
      name: 'sloppy',
      compile: (schema) => {
        const validate = coreSchemaValidator.compile(schema);
        return <T>(value: unknown) => {
          const result = validate<T>(value);
          return {
            ...result,
            issues: result.issues.map((issue) => ({
              path: issue.path.replaceAll('/', '.').replaceAll('~1', '/'),
              message: issue.message,
            })),
          };
        };
      },
    };
    expect(failingCases(sloppy)).toEqual(
      expect.arrayContaining(['required', 'type/nested-path', 'ref/recursive']),
    );
  });

  it("still fail core's validator in exactly the cases it skips (drop a skip once it passes)", () => {
    expect(failingCases(coreSchemaValidator).sort()).toEqual(
      Object.keys(FURTHER_KEYWORD_CASES).sort(),
    );
  });
});
