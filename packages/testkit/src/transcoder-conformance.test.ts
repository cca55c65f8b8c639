import {
  type JsonSchema,
  type ToolDefinition,
  type ToolDefinitionInput,
  TranscodeError,
  type Transcoder,
} from '@arsenal/core';
import {
  assertEncodableTool,
  copyJson,
  decodeVendorDescription,
  decodeVendorToolName,
} from '@arsenal/core/adapter';
import { describe, expect, it } from 'vitest';
import { HOSTILE_SCHEMA_NAMES, HOSTILE_SCHEMAS, hostileTool } from './hostile-schemas.js';
import { deepFreeze, NASTY_SCHEMA_NAMES, nastyTool, walkSchemas } from './nasty-schemas.js';
import { transcoderCases } from './transcoder-cases.js';
import {
  describeTranscoderConformance,
  type TranscoderCaseId,
  transcoderCaseIds,
} from './transcoder-conformance.js';

interface PlainTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** The smallest honest transcoder: a plain `{ name, description, parameters }` dialect. */
function createPlainTranscoder(): Transcoder<PlainTool> {
  return {
    dialect: 'plain',
    encode(tool: ToolDefinition): PlainTool {
      assertEncodableTool(tool, { dialect: 'plain', maxNameLength: 64 });
      return {
        name: tool.name,
        description: tool.description,
        parameters: copyJson(tool.parametersSchema, { dialect: 'plain', path: '/parameters' }),
      };
    },
    decode(vendorTool: PlainTool): ToolDefinitionInput {
      if (typeof vendorTool !== 'object' || vendorTool === null || Array.isArray(vendorTool)) {
        throw new TranscodeError('plain', 'Cannot decode: expected { name, description }.');
      }
      const { name, originalName } = decodeVendorToolName(vendorTool.name, {
        dialect: 'plain',
        label: 'Plain tool',
      });
      return {
        name,
        ...decodeVendorDescription(vendorTool.description, { name }),
        parametersSchema: copyJson(vendorTool.parameters ?? {}, { dialect: 'plain' }),
        ...(originalName === undefined ? {} : { metadata: { originalName } }),
      };
    },
  };
}

describeTranscoderConformance({
  name: 'plain reference transcoder',
  create: createPlainTranscoder,
});

describeTranscoderConformance({
  name: 'plain reference transcoder, skipping one case to show the title',
  create: createPlainTranscoder,
  skip: { 'round-trip/map': 'demonstrates how a skipped case is reported' },
});

function run(id: TranscoderCaseId, transcoder: Transcoder<PlainTool>): void {
  transcoderCases[id].run(transcoder);
}

describe('describeTranscoderConformance options', () => {
  it('refuses a skip without a reason', () => {
    expect(() =>
      describeTranscoderConformance({
        name: 'x',
        create: createPlainTranscoder,
        skip: { 'round-trip/map': ' ' },
      }),
    ).toThrow(/skip\["round-trip\/map"\] needs a reason/);
  });

  it('refuses to skip a case that does not exist, listing the real ones', () => {
    const skip = { 'round-trip/tuple': 'no' } as Partial<Record<TranscoderCaseId, string>>;
    expect(() =>
      describeTranscoderConformance({ name: 'x', create: createPlainTranscoder, skip }),
    ).toThrow(/"round-trip\/tuple", which is not a Transcoder conformance case.*round-trip\/map/);
  });

  it('has unique case ids grouped by area', () => {
    expect(new Set(transcoderCaseIds).size).toBe(transcoderCaseIds.length);
    expect(new Set(transcoderCaseIds.map((id) => id.split('/')[0]))).toEqual(
      new Set(['encode', 'round-trip', 'decode']),
    );
  });
});

describe('the transcoder cases catch broken transcoders', () => {
  it('encode/no-mutation: a transcoder that edits its input', () => {
    const plain = createPlainTranscoder();
    const mutating: Transcoder<PlainTool> = {
      ...plain,
      encode(tool) {
        (tool.parametersSchema as { title?: string }).title = 'changed';
        return plain.encode(tool);
      },
    };
    expect(() => run('encode/no-mutation', mutating)).toThrow(/TypeError/);
  });

  it('encode/json-serialisable: a transcoder that returns a function or NaN', () => {
    const plain = createPlainTranscoder();
    const withFunction = {
      ...plain,
      encode: (tool: ToolDefinition) => ({ ...plain.encode(tool), toJSON: () => ({}) }),
    };
    expect(() => run('encode/json-serialisable', withFunction)).toThrow(
      /non-JSON value at \/toJSON/,
    );
    const withNaN = {
      ...plain,
      encode: (tool: ToolDefinition) => ({ ...plain.encode(tool), weight: Number.NaN }),
    };
    expect(() => run('encode/json-serialisable', withNaN)).toThrow(/\/weight \(NaN\)/);
  });

  it('encode/nasty-fixtures: a transcoder that fails with a TypeError', () => {
    const plain = createPlainTranscoder();
    const careless = {
      ...plain,
      encode(tool: ToolDefinition) {
        const properties = tool.parametersSchema.properties as Record<string, JsonSchema>;
        for (const property of Object.values(properties)) void property.type;
        return plain.encode(tool);
      },
    };
    expect(() => run('encode/nasty-fixtures', careless)).toThrow(/TypeError/);
  });

  it('round-trip/optional: a transcoder that makes every property required', () => {
    const plain = createPlainTranscoder();
    const strict = {
      ...plain,
      encode(tool: ToolDefinition) {
        const encoded = plain.encode(tool);
        encoded.parameters.required = Object.keys(encoded.parameters.properties ?? {});
        return encoded;
      },
    };
    expect(() => run('round-trip/optional', strict)).toThrow(/refuse \{"customer":"c-1"\}/);
  });

  it('decode/vendor-names: a transcoder that keeps vendor names as they are', () => {
    const plain = createPlainTranscoder();
    const verbatim = {
      ...plain,
      decode: (vendorTool: PlainTool) => ({ ...plain.decode(vendorTool), name: vendorTool.name }),
    };
    expect(() => run('decode/vendor-names', verbatim)).toThrow();
  });

  it('decode/rejects-garbage: a transcoder that trusts its input', () => {
    const plain = createPlainTranscoder();
    const trusting = {
      ...plain,
      decode: (vendorTool: PlainTool) =>
        plain.decode({ ...vendorTool, name: vendorTool.name.trim() }),
    };
    expect(() => run('decode/rejects-garbage', trusting)).toThrow(/TypeError/);
  });
});

describe('schema fixtures', () => {
  it('every nasty and hostile fixture is a definition createToolDefinition accepts', () => {
    for (const name of NASTY_SCHEMA_NAMES)
      expect(nastyTool(name).name).toBe(`tool_${name.toLowerCase()}`);
    for (const name of HOSTILE_SCHEMA_NAMES)
      expect(hostileTool(name).parametersSchema).toEqual(HOSTILE_SCHEMAS[name]);
  });

  it('fixture tools hold private copies of the shared schemas', () => {
    const tool = nastyTool('tree');
    expect(tool.parametersSchema).not.toBe(nastyTool('tree').parametersSchema);
  });

  it('deepFreeze freezes every level', () => {
    const value = deepFreeze({ a: { b: [{ c: 1 }] } });
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(() => {
      (value.a.b[0] as { c: number }).c = 2;
    }).toThrow(TypeError);
  });

  it('walkSchemas visits every schema object with its pointer', () => {
    const paths: string[] = [];
    walkSchemas(nastyTool('composed').parametersSchema, (_node, path) => paths.push(path));
    expect(paths).toContain('/properties/contact/allOf/1/properties/email');
    expect(paths).toContain('/$defs/Address/properties/zip');
  });
});
