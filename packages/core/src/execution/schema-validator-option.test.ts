import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { SchemaValidator } from '../ports/schema-validator.js';
import { coreSchemaValidator } from '../schema/core-schema-validator.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { defineTool } from '../tool/define-tool.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather and forecast for a city.',
  input: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: 'string', default: 'metric' } },
    required: ['city'],
  },
  handler: (args) => args,
});

/** A validator that records what it compiles and refuses any `city` but Oslo. */
function recordingValidator(): SchemaValidator & { compiled: (JsonSchema | boolean)[] } {
  const compiled: (JsonSchema | boolean)[] = [];
  return {
    name: 'oslo-only',
    compiled,
    compile(schema) {
      compiled.push(schema);
      return <T>(value: unknown) => {
        const city = (value as { city?: unknown }).city;
        return city === 'Oslo'
          ? { valid: true, issues: [], value: { ...(value as object), checked: true } as T }
          : {
              valid: false,
              issues: [{ path: '/city', message: 'must be Oslo' }],
              value: value as T,
            };
      };
    },
  };
}

describe('execution.schemaValidator', () => {
  it('validates JSON Schema arguments with the configured validator, compiling once per tool', async () => {
    const validator = recordingValidator();
    const arsenal = createArsenal({ execution: { schemaValidator: validator } });
    await arsenal.register([weather]);
    const ok = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(ok).toMatchObject({ status: 'success', result: { city: 'Oslo', checked: true } });
    const refused = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Bergen' } });
    expect(refused.status).toBe('invalid_arguments');
    expect(refused.error?.message).toContain('/city: must be Oslo');
    expect(validator.compiled).toHaveLength(1);
    expect(validator.compiled[0]).toMatchObject({ required: ['city'] });
    await arsenal.close();
  });

  it('defaults to core validator, which fills defaults', async () => {
    const arsenal = createArsenal();
    await arsenal.register([weather]);
    const ok = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(ok.result).toEqual({ city: 'Oslo', units: 'metric' });
    const refused = await arsenal.execute({ tool: 'get_weather', arguments: {} });
    expect(refused.error?.message).toContain('/city: is required');
    await arsenal.close();
  });

  it('refuses calls to a tool whose schema the validator cannot compile, naming the validator and the fix', async () => {
    let compiles = 0;
    const strict: SchemaValidator = {
      name: 'strict',
      compile() {
        compiles++;
        throw new InvalidArgumentError('unknown keyword "x-units"');
      },
    };
    const arsenal = createArsenal({ execution: { schemaValidator: strict } });
    await arsenal.register([weather]);
    for (let i = 0; i < 2; i++) {
      const refused = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
      expect(refused.status).toBe('invalid_arguments');
      expect(refused.error?.message).toContain(
        '"strict" schema validator: unknown keyword "x-units"',
      );
      expect(refused.error?.message).toContain('execution.schemaValidator');
    }
    expect(compiles).toBe(1);
    await arsenal.close();
  });

  it('answers invalid_arguments, not a crash, when a validator throws while validating', async () => {
    const broken: SchemaValidator = {
      name: 'broken',
      compile: () => () => {
        throw new Error('boom');
      },
    };
    const arsenal = createArsenal({ execution: { schemaValidator: broken } });
    await arsenal.register([weather]);
    const result = await arsenal.execute({ tool: 'get_weather', arguments: { city: 'Oslo' } });
    expect(result.status).toBe('invalid_arguments');
    await arsenal.close();
  });

  it('leaves tools defined with a Standard Schema to that schema', async () => {
    const validator = recordingValidator();
    const standard = defineTool({
      name: 'echo',
      description: 'Echo the text it is given back to the caller.',
      input: {
        '~standard': {
          version: 1,
          vendor: 'test',
          validate: (value: unknown) => ({ value: { ...(value as object), standard: true } }),
          jsonSchema: {
            input: () => ({ type: 'object', properties: { text: { type: 'string' } } }),
            output: () => ({ type: 'object' }),
          },
        },
      },
      handler: (args) => args,
    });
    const arsenal = createArsenal({ execution: { schemaValidator: validator } });
    await arsenal.register([standard]);
    const result = await arsenal.execute({ tool: 'echo', arguments: { text: 'hi' } });
    expect(result).toMatchObject({ status: 'success', result: { text: 'hi', standard: true } });
    expect(validator.compiled).toHaveLength(0);
    await arsenal.close();
  });

  it('refuses a schemaValidator that is not one, saying what it needs', () => {
    for (const bad of [{}, { name: 'x' }, 'ajv', { compile: () => () => ({}) }]) {
      expect(() =>
        createArsenal({ execution: { schemaValidator: bad as unknown as SchemaValidator } }),
      ).toThrow(/execution\.schemaValidator must be a SchemaValidator.*compile\(schema\)/);
    }
  });

  it('core validator compiles boolean schemas', () => {
    expect(coreSchemaValidator.compile(false)(1).valid).toBe(false);
    expect(coreSchemaValidator.compile(true)(1).valid).toBe(true);
    expect(coreSchemaValidator.name).toBe('core');
  });
});
