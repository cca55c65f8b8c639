import {
  ArsenalError,
  createArsenal,
  type EncodeOptions,
  type Executor,
  encodeToolList,
  type JsonSchema,
  type Transcoder,
} from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { HOSTILE_SCHEMAS } from './hostile-schemas.js';
import { NASTY_SCHEMAS, schemaTool } from './nasty-schemas.js';
import { type SampleOptions, sampleFromSchema } from './schema-samples.js';

/** Every schema of the nasty and hostile sets, by name. */
export const ROUND_TRIP_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...NASTY_SCHEMAS,
  ...HOSTILE_SCHEMAS,
};

/** The ways a model may fill in a vendor schema that the property tries for every schema. */
export const ARGUMENT_VARIANTS: Readonly<Record<string, SampleOptions>> = {
  'every property, null where allowed': { properties: 'all', preferNull: true },
  'every property, first choices': { properties: 'all', pick: 'first' },
  'every property, last choices': { properties: 'all', pick: 'last' },
  'required properties only': { properties: 'required' },
};

export interface ArgumentRoundTripOptions {
  /** Shown in the describe block: `OpenAITranscoder (strict)`. */
  name: string;
  create: () => Transcoder;
  /** Encode options the tool list is made with, e.g. `{ strict: true }`. */
  encode?: EncodeOptions;
  /** The parameters schema inside one encoded tool (what the model is told to follow). */
  parametersOf: (encoded: unknown) => unknown;
  /** Schemas whose arguments this dialect cannot bring back, each with the reason. */
  skip?: Readonly<Record<string, string>>;
}

/**
 * Limits of the canonical side, not of any dialect: no decoding can get past them.
 * (Registration refusing a malformed schema is accepted like an encoder refusing it.)
 */
const CANONICAL_LIMITS: Readonly<Record<string, string>> = {
  deepNesting:
    "core's validator refuses arguments nested deeper than 64 levels (its guard against $ref cycles); this schema nests 200",
};

/** A keyword the encoder reported dropping, at a JSON pointer into the canonical schema. */
interface LostKeyword {
  path: string;
  keyword: string;
}

/** The property names a schema pointer walks through (`/$defs/A/properties/x` → `x`). */
function propertyNames(schemaPath: string): string[] {
  const segments = schemaPath.split('/').slice(1);
  const names: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment === 'properties') {
      const name = segments[++index];
      if (name !== undefined) names.push(name.replaceAll('~1', '/').replaceAll('~0', '~'));
    } else if (segment === '$defs' || segment === 'definitions') {
      names.length = 0;
      index++;
    }
  }
  return names;
}

/**
 * Whether a validation issue comes from a constraint the encoder said it dropped (a `format`
 * strict mode lacks, say): the vendor schema did not carry it, so no model could know it.
 * An issue about `null` is never excused: that is exactly what decoding must undo.
 */
function excusedBy(
  lost: readonly LostKeyword[],
  issue: { path: string; message: string },
): boolean {
  if (/null/i.test(issue.message)) return false;
  const issueNames = issue.path
    .split('/')
    .slice(1)
    .filter((segment) => !/^\d+$/.test(segment));
  return lost.some(({ path }) => {
    const names = propertyNames(path);
    // Anywhere along the issue's path: a loss in `$defs` applies wherever the definition is used,
    // and a cut structure excuses everything beneath it.
    for (let start = 0; start + names.length <= issueNames.length; start++) {
      if (names.length > 0 && names.every((name, index) => issueNames[start + index] === name))
        return true;
    }
    return false;
  });
}

/** Answers every call with its arguments, so the test sees what reached the tool. */
const echoExecutor: Executor = {
  kind: 'echo',
  canExecute: () => true,
  execute: async (request) => request.arguments,
};

/**
 * The round-trip property for one dialect: for every nasty and hostile schema the dialect can
 * encode (in a list, so strict mode falls back per tool), arguments generated to satisfy the
 * *vendor* schema execute successfully against the canonical tool once decoded with
 * `execute({ dialect })`.
 *
 * @example
 * describeArgumentRoundTrip({
 *   name: 'OpenAITranscoder (strict)',
 *   create: () => createOpenAITranscoder(),
 *   encode: { strict: true },
 *   parametersOf: (tool) => (tool as OpenAIChatTool).function.parameters,
 * });
 */
export function describeArgumentRoundTrip(options: ArgumentRoundTripOptions): void {
  describe(`${options.name} argument round trip`, () => {
    for (const [schemaName, schema] of Object.entries(ROUND_TRIP_SCHEMAS)) {
      const reason = options.skip?.[schemaName] ?? CANONICAL_LIMITS[schemaName];
      if (reason !== undefined) {
        it.skip(`${schemaName} (skipped: ${reason})`, () => {});
        continue;
      }
      it(`vendor-valid arguments for "${schemaName}" run against the canonical tool`, async () => {
        const transcoder = options.create();
        const tool = schemaTool(schemaName, schema);
        const lost: LostKeyword[] = [];
        const encodeOptions: EncodeOptions = {
          ...options.encode,
          onUnsupportedKeyword: (path: string, keyword: string) => lost.push({ path, keyword }),
        };
        let encoded: unknown;
        try {
          [encoded] = encodeToolList(transcoder, [tool], encodeOptions).tools;
        } catch (error) {
          // A dialect may refuse a schema it cannot express, but only with a typed error.
          expect(ArsenalError.isInstance(error)).toBe(true);
          return;
        }
        const arsenal = createArsenal({ transcoders: [transcoder], hygiene: 'off' });
        try {
          const summary = await arsenal.register(tool, { executor: echoExecutor });
          // The registry may refuse a malformed schema too, but only with a typed error.
          if (summary.failed.length > 0) {
            expect(ArsenalError.isInstance(summary.failed[0]?.error)).toBe(true);
            return;
          }
          const vendorSchema = options.parametersOf(encoded);
          for (const [variant, sampleOptions] of Object.entries(ARGUMENT_VARIANTS)) {
            const args = sampleFromSchema(vendorSchema, sampleOptions);
            if (args === undefined) continue;
            const result = await arsenal.execute({
              tool: tool.name,
              arguments: args,
              dialect: transcoder.dialect,
            });
            const issues = result.error?.issues ?? [];
            const excused =
              result.status === 'invalid_arguments' &&
              issues.length > 0 &&
              issues.every((issue) => excusedBy(lost, issue));
            expect(
              { variant, status: excused ? 'success' : result.status, issues, args },
              `${variant}: ${JSON.stringify(args)}`,
            ).toMatchObject({ variant, status: 'success' });
          }
        } finally {
          await arsenal.close();
        }
      });
    }
  });
}
