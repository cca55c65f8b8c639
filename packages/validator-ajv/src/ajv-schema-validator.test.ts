import {
  type ArsenalError,
  coreSchemaValidator,
  createArsenal,
  defineTool,
  InvalidArgumentError,
  type JsonSchema,
} from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createAjvSchemaValidator } from './ajv-schema-validator.js';

const forecast = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 14, default: 3 },
    units: { enum: ['metric', 'imperial'] },
    tags: { type: 'array', items: { type: 'string' } },
    'a/b': { type: 'number' },
  },
  required: ['city'],
  additionalProperties: false,
} as const satisfies JsonSchema;

describe('AjvSchemaValidator', () => {
  it('checks calls made through createArsenal, with messages naming the property at fault', async () => {
    const tool = defineTool({
      name: 'get_forecast',
      description: 'Weather forecast for a city, for up to fourteen days.',
      input: forecast,
      handler: (args) => args,
    });
    const arsenal = createArsenal({ execution: { schemaValidator: createAjvSchemaValidator() } });
    await arsenal.register([tool]);
    const ok = await arsenal.execute({ tool: 'get_forecast', arguments: { city: 'Oslo' } });
    expect(ok).toMatchObject({ status: 'success', result: { city: 'Oslo', days: 3 } });
    const bad = await arsenal.execute({
      tool: 'get_forecast',
      arguments: { days: 30, units: 'kelvin', cty: 'Oslo' },
    });
    expect(bad.status).toBe('invalid_arguments');
    expect(bad.error?.message).toContain('/city: is required');
    expect(bad.error?.message).toContain('/days: must be <= 14');
    expect(bad.error?.message).toContain('/units: must be one of "metric", "imperial"');
    expect(bad.error?.message).toContain('/cty: is not an allowed property');
    await arsenal.close();
  });

  it('points issues at the same places as core validator', () => {
    const ajv = createAjvSchemaValidator().compile(forecast);
    const core = coreSchemaValidator.compile(forecast);
    const values = [
      {},
      { city: '' },
      { city: 'Oslo', tags: ['a', 1, 'c', false] },
      { city: 'Oslo', 'a/b': 'x', extra: 1 },
      { city: 1, days: 1.5, units: null },
      [],
    ];
    for (const value of values) {
      const paths = (issues: readonly { path: string }[]) =>
        [...new Set(issues.map((issue) => issue.path))].sort();
      expect(paths(ajv(value).issues), JSON.stringify(value)).toEqual(paths(core(value).issues));
    }
  });

  it('refuses a schema ajv cannot compile with an InvalidArgumentError that says why', () => {
    const validator = createAjvSchemaValidator({ ajv: { strict: true } });
    let thrown: unknown;
    try {
      validator.compile({ type: 'object', properties: { q: { type: 'string', 'x-hint': 1 } } });
    } catch (error) {
      thrown = error;
    }
    expect(InvalidArgumentError.isInstance(thrown)).toBe(true);
    expect((thrown as ArsenalError).message).toMatch(/^ajv cannot compile this schema: .*x-hint/);
    expect(() => validator.compile(null as unknown as JsonSchema)).toThrow(/got null/);
  });

  it('compiles schemas that share an $id, at the root or nested (tools of two servers)', () => {
    const validator = createAjvSchemaValidator();
    const nested = (type: 'string' | 'number'): JsonSchema => ({
      $id: 'https://example.com/tool',
      type: 'object',
      properties: { id: { $id: 'https://example.com/id', type } },
    });
    const first = validator.compile(nested('string'));
    const second = validator.compile(nested('number'));
    expect(first({ id: 'a' }).valid).toBe(true);
    expect(second({ id: 'a' }).valid).toBe(false);
    expect(second({ id: 1 }).valid).toBe(true);
  });

  it('reads draft-07 keywords when the schema declares draft-07', () => {
    const validate = createAjvSchemaValidator().compile({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      dependencies: { card: ['expiry'] },
    });
    expect(validate({ card: '4', expiry: '12/30' }).valid).toBe(true);
    expect(validate({ card: '4' }).valid).toBe(false);
  });

  it('skips format checks with formats: false', () => {
    const schema: JsonSchema = { type: 'string', format: 'email' };
    expect(createAjvSchemaValidator().compile(schema)('nope').valid).toBe(false);
    expect(createAjvSchemaValidator({ formats: false }).compile(schema)('nope').valid).toBe(true);
  });

  it('stops at maxIssues, and refuses a maxIssues that is not a whole number of at least 1', () => {
    const validate = createAjvSchemaValidator({ maxIssues: 2 }).compile({
      type: 'array',
      items: { type: 'string' },
    });
    expect(validate([1, 2, 3, 4]).issues).toHaveLength(2);
    for (const maxIssues of [0, 1.5, Number.NaN]) {
      expect(() => createAjvSchemaValidator({ maxIssues })).toThrow(/maxIssues must be/);
    }
  });

  it('fills defaults into a copy, so frozen arguments work and stay as they were', () => {
    const validate = createAjvSchemaValidator().compile(forecast);
    const input = Object.freeze({ city: 'Oslo' });
    const result = validate(input);
    expect(result.value).toEqual({ city: 'Oslo', days: 3 });
    expect(input).toEqual({ city: 'Oslo' });
  });

  it('leaves the schema it was given unchanged', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      items: [{ type: 'number', minimum: 0, exclusiveMinimum: true }],
    };
    const before = structuredClone(schema);
    const validate = createAjvSchemaValidator().compile(schema as unknown as JsonSchema);
    expect(validate([0]).valid).toBe(false);
    expect(validate([0.5]).valid).toBe(true);
    expect(schema).toEqual(before);
  });
});
