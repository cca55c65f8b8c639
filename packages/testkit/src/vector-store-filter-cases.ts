import type { MetadataFilter } from '@arsenal/core';
import { expect } from 'vitest';
import { expectArsenalError } from './expect-arsenal-error.js';
import {
  expectFiltered,
  loadSample,
  rankedIds,
  sampleQuery,
  type VectorStoreCase,
} from './vector-store-sample.js';

// Sample tools, best first for the sample query (see vector-store-sample.ts):
//   alpha   http      tags [search, read]   cost 1    enabled
//   bravo   mcp       tags [email, write]   cost 5    enabled
//   charlie http      tags [email, read]    cost 10   disabled
//   delta   function  tags [math]           cost 2.5  enabled
//   echo    mcp       tags [search]         cost 0    disabled  region eu
//   foxtrot a2a       (no tags)             cost -3   enabled   region us

/** The metadata filter cases, in the order they run. */
export const vectorStoreFilterCases = {
  'filter/eq': {
    asserts: 'a plain value or $eq matches equal strings, numbers and booleans, without coercion',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { kind: 'http' }, ['alpha', 'charlie']);
      await expectFiltered(context, { kind: { $eq: 'mcp' } }, ['bravo', 'echo']);
      await expectFiltered(context, { cost: 2.5 }, ['delta']);
      await expectFiltered(context, { cost: { $eq: 0 } }, ['echo']);
      await expectFiltered(context, { enabled: false }, ['charlie', 'echo']);
      await expectFiltered(context, { cost: '5' }, []);
    },
  },
  'filter/ne': {
    asserts: '$ne matches every record whose value differs',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { kind: { $ne: 'http' } }, [
        'bravo',
        'delta',
        'echo',
        'foxtrot',
      ]);
      await expectFiltered(context, { enabled: { $ne: true } }, ['charlie', 'echo']);
    },
  },
  'filter/array-contains': {
    asserts: 'a plain string or $contains on an array field matches arrays holding that string',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { tags: 'email' }, ['bravo', 'charlie']);
      await expectFiltered(context, { tags: { $contains: 'read' } }, ['alpha', 'charlie']);
      await expectFiltered(context, { tags: { $contains: 'nothing' } }, []);
    },
  },
  'filter/in': {
    asserts: '$in matches any listed value and $nin none of them',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { kind: { $in: ['mcp', 'a2a'] } }, [
        'bravo',
        'echo',
        'foxtrot',
      ]);
      await expectFiltered(context, { cost: { $in: [1, 10] } }, ['alpha', 'charlie']);
      await expectFiltered(context, { kind: { $nin: ['http', 'mcp'] } }, ['delta', 'foxtrot']);
    },
  },
  'filter/range': {
    asserts: '$gt, $gte, $lt and $lte compare numbers, bounds included only by $gte / $lte',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { cost: { $gt: 2.5 } }, ['bravo', 'charlie']);
      await expectFiltered(context, { cost: { $gte: 2.5 } }, ['bravo', 'charlie', 'delta']);
      await expectFiltered(context, { cost: { $lt: 1 } }, ['echo', 'foxtrot']);
      await expectFiltered(context, { cost: { $lte: 1 } }, ['alpha', 'echo', 'foxtrot']);
      await expectFiltered(context, { cost: { $gte: 1, $lt: 10 } }, ['alpha', 'bravo', 'delta']);
      await expectFiltered(context, { cost: { $lt: 0 } }, ['foxtrot']);
    },
  },
  'filter/and-or': {
    asserts: '$and, $or, nesting, and several keys in one object (ANDed) combine as written',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { $and: [{ kind: 'http' }, { enabled: true }] }, ['alpha']);
      await expectFiltered(context, { $or: [{ kind: 'a2a' }, { tags: 'email' }] }, [
        'bravo',
        'charlie',
        'foxtrot',
      ]);
      await expectFiltered(context, { kind: 'mcp', enabled: false }, ['echo']);
      const nested: MetadataFilter = {
        $or: [{ $and: [{ kind: 'http' }, { cost: { $gt: 5 } }] }, { region: 'us' }],
      };
      await expectFiltered(context, nested, ['charlie', 'foxtrot']);
    },
  },
  'filter/missing-field': {
    asserts:
      'records lacking a field fail equality, $in, ranges and $contains, and pass $ne / $nin',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { region: 'eu' }, ['echo']);
      await expectFiltered(context, { region: { $in: ['eu', 'us'] } }, ['echo', 'foxtrot']);
      await expectFiltered(context, { tags: { $contains: 'search' } }, ['alpha', 'echo']);
      await expectFiltered(context, { region: { $ne: 'eu' } }, [
        'alpha',
        'bravo',
        'charlie',
        'delta',
        'foxtrot',
      ]);
      await expectFiltered(context, { region: { $nin: ['eu', 'us'] } }, [
        'alpha',
        'bravo',
        'charlie',
        'delta',
      ]);
    },
  },
  'filter/before-topk': {
    asserts: 'the filter applies before topK: topK matches come back whenever that many pass',
    async run(context) {
      await loadSample(context);
      expect(await rankedIds(context, { enabled: false }, 2)).toEqual(['charlie', 'echo']);
      expect(await rankedIds(context, { region: 'us' }, 1)).toEqual(['foxtrot']);
    },
  },
  'filter/no-match': {
    asserts: 'a filter no record passes returns no matches (not an error)',
    async run(context) {
      await loadSample(context);
      await expectFiltered(context, { kind: 'grpc' }, []);
      await expectFiltered(context, { cost: { $gt: 100 } }, []);
    },
  },
  'filter/unknown-operator': {
    asserts: 'an operator the port does not define gives an ArsenalError "invalid_argument"',
    async run(context) {
      await loadSample(context);
      const filter = { kind: { $regex: '^h' } } as unknown as MetadataFilter;
      await expectArsenalError(
        context.store.query({ vector: sampleQuery(context.dimensions), topK: 3, filter }),
        'invalid_argument',
      );
    },
  },
} satisfies Record<string, VectorStoreCase>;
