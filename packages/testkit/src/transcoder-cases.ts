import {
  ArsenalError,
  createToolDefinition,
  type JsonSchema,
  type ToolDefinition,
  type Transcoder,
} from '@arsenal/core';
import { TOOL_NAME_PATTERN, validateJsonSchema } from '@arsenal/core/adapter';
import { expect } from 'vitest';
import { HOSTILE_SCHEMA_NAMES, hostileTool } from './hostile-schemas.js';
import { deepFreeze, NASTY_SCHEMA_NAMES, nastyTool, noParameterTool } from './nasty-schemas.js';
import {
  MAP_ROUND_TRIP,
  OPTIONAL_ROUND_TRIP,
  type RoundTripFixture,
  SIMPLE_ROUND_TRIP,
  VENDOR_TOOL_NAMES,
} from './transcoder-round-trips.js';

export interface TranscoderCase {
  /** What the case asserts, in one line; shown in the test title and the README. */
  asserts: string;
  run(transcoder: Transcoder<unknown>): void;
}

/** Every fixture the suite encodes, by label: the nasty ones, the hostile ones, no parameters. */
function allFixtureTools(): Array<[string, ToolDefinition]> {
  return [
    ...NASTY_SCHEMA_NAMES.map((name): [string, ToolDefinition] => [name, nastyTool(name)]),
    ...HOSTILE_SCHEMA_NAMES.map((name): [string, ToolDefinition] => [name, hostileTool(name)]),
    ['noParameters', noParameterTool()],
  ];
}

/** Encode, treating an ArsenalError as a refusal (undefined) and anything else as a failure. */
function encodeOrRefuse(
  transcoder: Transcoder<unknown>,
  tool: ToolDefinition,
  label: string,
): { encoded?: unknown; refusal?: string } {
  try {
    return { encoded: transcoder.encode(tool) };
  } catch (error) {
    expect(
      ArsenalError.isInstance(error),
      `encoding the ${label} fixture threw ${explain(error)}; refuse with an ArsenalError (e.g. TranscodeError) that names the problem`,
    ).toBe(true);
    const message = (error as Error).message;
    expect(message.trim().length, `the ${label} refusal has an empty message`).toBeGreaterThan(0);
    return { refusal: message };
  }
}

function explain(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message}`
    : `a non-error (${String(error)})`;
}

/** Where `value` holds something JSON cannot carry, or undefined when it is plain JSON. */
function nonJsonAt(value: unknown, path: string, ancestors: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${path || '/'} (${value})`;
  if (typeof value !== 'object') return `${path || '/'} (a ${typeof value})`;
  if (ancestors.has(value)) return `${path || '/'} (a cycle)`;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    return `${path || '/'} (a ${value.constructor?.name ?? 'class'} instance)`;
  }
  ancestors.add(value);
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined && !Array.isArray(value)) continue;
    const found = nonJsonAt(item, `${path}/${key}`, ancestors);
    if (found !== undefined) return found;
  }
  ancestors.delete(value);
  return undefined;
}

/** A copy of a vendor tool with every `name` member equal to `from` set to `to`. */
function renamed(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, from, to));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === 'name' && item === from ? to : renamed(item, from, to);
  }
  return copy;
}

function expectRoundTrip(transcoder: Transcoder<unknown>, fixture: RoundTripFixture): void {
  const tool = createToolDefinition(fixture.tool);
  const decoded = transcoder.decode(transcoder.encode(tool));
  const again = createToolDefinition(decoded);
  expect(again.name).toBe(tool.name);
  expect(again.description).toBe(tool.description);
  const original: JsonSchema = tool.parametersSchema;
  for (const sample of fixture.samples) {
    const expected = validateJsonSchema(original, sample, { applyDefaults: false }).valid;
    const actual = validateJsonSchema(again.parametersSchema, sample, { applyDefaults: false });
    expect(
      actual.valid,
      `after the round trip, the parameters of "${tool.name}" ${actual.valid ? 'accept' : 'refuse'} ${JSON.stringify(sample)}, which the original ${expected ? 'accepts' : 'refuses'}; decoded schema: ${JSON.stringify(again.parametersSchema)}`,
    ).toBe(expected);
  }
}

export const transcoderCases = {
  'encode/no-mutation': {
    asserts: 'encode leaves its input as it was, even deep-frozen and even when it refuses',
    run(transcoder) {
      for (const [label, tool] of allFixtureTools()) {
        const before = structuredClone(tool);
        encodeOrRefuse(transcoder, deepFreeze(tool), label);
        expect(tool, `encoding the ${label} fixture changed its input`).toEqual(before);
      }
    },
  },
  'encode/json-serialisable': {
    asserts: 'what encode returns is plain JSON: no functions, class instances, NaN or cycles',
    run(transcoder) {
      for (const [label, tool] of allFixtureTools()) {
        const { encoded } = encodeOrRefuse(transcoder, tool, label);
        if (encoded === undefined) continue;
        const problem = nonJsonAt(encoded, '', new Set());
        expect(problem, `the encoded ${label} fixture holds a non-JSON value at ${problem}`).toBe(
          undefined,
        );
        expect(JSON.parse(JSON.stringify(encoded))).toEqual(encoded);
      }
    },
  },
  'encode/nasty-fixtures': {
    asserts: 'every nasty schema encodes; every hostile one encodes or throws an ArsenalError',
    run(transcoder) {
      for (const name of NASTY_SCHEMA_NAMES) {
        const { refusal } = encodeOrRefuse(transcoder, nastyTool(name), name);
        expect(refusal, `the common ${name} schema was refused`).toBeUndefined();
      }
      for (const name of HOSTILE_SCHEMA_NAMES) encodeOrRefuse(transcoder, hostileTool(name), name);
    },
  },
  'round-trip/simple': {
    asserts:
      'decode(encode(tool)) keeps name and description, and its parameters accept and refuse the same arguments',
    run(transcoder) {
      expectRoundTrip(transcoder, SIMPLE_ROUND_TRIP);
      const tool = noParameterTool();
      const again = createToolDefinition(transcoder.decode(transcoder.encode(tool)));
      expect(again.name).toBe(tool.name);
      expect(validateJsonSchema(again.parametersSchema, {}).valid).toBe(true);
    },
  },
  'round-trip/optional': {
    asserts: 'optional properties stay optional through decode(encode(tool))',
    run(transcoder) {
      expectRoundTrip(transcoder, OPTIONAL_ROUND_TRIP);
    },
  },
  'round-trip/map': {
    asserts: 'a free-form map keeps the type of its values through decode(encode(tool))',
    run(transcoder) {
      expectRoundTrip(transcoder, MAP_ROUND_TRIP);
    },
  },
  'decode/vendor-names': {
    asserts:
      'names that are not snake_case decode to names createToolDefinition accepts, keeping the original',
    run(transcoder) {
      const tool = createToolDefinition(SIMPLE_ROUND_TRIP.tool);
      const encoded = transcoder.encode(tool);
      for (const vendorName of VENDOR_TOOL_NAMES) {
        const vendorTool = renamed(encoded, tool.name, vendorName);
        expect(vendorTool, 'the encoded tool holds its name in a "name" member').not.toEqual(
          encoded,
        );
        const decoded = transcoder.decode(vendorTool);
        expect(decoded.name).toMatch(TOOL_NAME_PATTERN);
        expect(createToolDefinition(decoded).name).toBe(decoded.name);
        expect(decoded.metadata?.originalName, `the original spelling of "${vendorName}"`).toBe(
          vendorName,
        );
      }
    },
  },
  'decode/rejects-garbage': {
    asserts: 'decoding something that is not a vendor tool throws an ArsenalError, not a TypeError',
    run(transcoder) {
      for (const garbage of [null, undefined, 42, 'get_weather', [], {}, { name: 7 }]) {
        let thrown: unknown;
        try {
          transcoder.decode(garbage);
        } catch (error) {
          thrown = error;
        }
        expect(
          ArsenalError.isInstance(thrown),
          `decoding ${JSON.stringify(garbage) ?? 'undefined'} gave ${thrown === undefined ? 'no error' : explain(thrown)}`,
        ).toBe(true);
      }
    },
  },
} satisfies Record<string, TranscoderCase>;
