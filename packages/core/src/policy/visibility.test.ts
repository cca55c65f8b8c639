import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import type { ToolResult } from '../execution/types.js';
import { defineTool } from '../tool/define-tool.js';
import { createSecurityPolicy } from './security-policy.js';
import { policyShows } from './visibility.js';

const reader = { id: 'rita', capabilities: [] };

async function catalog(withHidden: boolean) {
  const arsenal = createArsenal({
    policy: createSecurityPolicy({
      deny: { tools: ['vault.*'] },
      allowedDomains: ['example.com'],
      anonymousCapabilities: [],
    }),
  });
  const input = { type: 'object', properties: { url: { type: 'string' } } } as const;
  await arsenal.register([
    defineTool({
      name: 'read_note',
      namespace: 'notes',
      description: 'Read one note from the notebook.',
      input,
      handler: () => 'note',
    }),
    defineTool({
      name: 'fetch_page',
      namespace: 'web',
      description: 'Fetch a web page by its URL.',
      capabilities: ['network_access'],
      input,
      handler: () => 'page',
    }),
  ]);
  if (withHidden) {
    await arsenal.register([
      defineTool({
        name: 'read_secret',
        namespace: 'vault',
        description: 'Read one secret from the vault.',
        input,
        handler: () => 'secret',
      }),
      defineTool({
        name: 'read_ledger',
        namespace: 'ledger',
        description: 'Read the ledger of payments.',
        capabilities: ['financial'],
        input,
        handler: () => 'ledger',
      }),
    ]);
  }
  return arsenal;
}

/** A result without what differs per call (ids, clock). */
function comparable(result: ToolResult) {
  const {
    callId: _c,
    traceId: _t,
    spanId: _s,
    queuedAt: _q,
    completedAt: _d,
    durationMs,
    ...rest
  } = result;
  return { ...rest, durationMs: typeof durationMs };
}

describe('one visibility rule', () => {
  it('hides a tool from a principal the policy refuses it, and a throwing policy hides all', async () => {
    const arsenal = await catalog(true);
    const secret = arsenal.registry.get('vault.read_secret')!;
    const ledger = arsenal.registry.get('ledger.read_ledger')!;
    expect(policyShows(arsenal.policy, secret, undefined)).toBe(false);
    expect(policyShows(arsenal.policy, ledger, reader)).toBe(false);
    // An anonymous caller holds no capabilities: a tool needing one is hidden from it.
    expect(arsenal.isVisible(ledger, undefined)).toBe(false);
    const throwing = {
      evaluate: () => {
        throw new Error('broken policy');
      },
    };
    expect(policyShows(throwing, secret, reader)).toBe(false);
    // The reader holds no capability, so tools needing one are hidden from it too.
    expect(arsenal.visibleTools(reader).map((tool) => tool.name)).toEqual(['read_note']);
    // list() without a principal stays the operator's full view.
    expect(arsenal.list()).toHaveLength(4);
    expect(arsenal.suggestVisible('read_secrt', reader)).not.toContain('read_secret');
    await arsenal.close();
  });

  it('answers a caller calling a hidden tool exactly as an unknown one', async () => {
    const hiding = await catalog(true);
    const empty = await catalog(false);
    for (const [tool, principal] of [
      ['vault.read_secret', reader],
      ['vault.read_secret', undefined],
      ['ledger.read_ledger', reader],
      ['ledger.read_ledger', undefined],
      ['web.fetch_page', undefined],
    ] as const) {
      const call = { tool, arguments: {}, audience: 'caller' as const, principal };
      const hidden = await hiding.execute(call);
      const unknown = await empty.execute(call);
      expect(hidden.status).toBe('not_found');
      expect(comparable(hidden)).toEqual(comparable(unknown));
    }
    const typo = await hiding.execute({
      tool: 'read_secrt',
      audience: 'caller',
      principal: reader,
    });
    expect(typo.error?.suggestions ?? []).not.toContain('read_secret');
    expect(typo.error?.message).not.toContain('read_secret');
    await Promise.all([hiding.close(), empty.close()]);
  });

  it('keeps the rule in operator answers and out of caller answers', async () => {
    const arsenal = await catalog(true);
    const operator = await arsenal.execute({ tool: 'vault.read_secret', principal: reader });
    expect(operator.status).toBe('permission_denied');
    expect(operator.error?.message).toContain('"vault.*"');
    const args = { url: 'https://elsewhere.test/page' };
    const refused = await arsenal.execute({
      tool: 'web.fetch_page',
      arguments: args,
      audience: 'caller',
      principal: { id: 'wes', capabilities: ['network_access'] },
    });
    expect(refused.status).toBe('permission_denied');
    expect(refused.error?.message).toContain('fetch_page');
    expect(refused.error?.message).not.toContain('example.com');
    const told = await arsenal.execute({ tool: 'web.fetch_page', arguments: args });
    expect(told.error?.message).toContain('example.com');
    await arsenal.close();
  });

  it('gives an anonymous caller no capabilities unless the policy grants them', async () => {
    const arsenal = await catalog(true);
    expect(arsenal.visibleTools(undefined).map((tool) => tool.name)).toEqual(['read_note']);
    // In-process code without a principal is the operator: it still runs such tools.
    const operator = await arsenal.execute({ tool: 'ledger.read_ledger' });
    expect(operator.status).toBe('success');
    const caller = await arsenal.execute({ tool: 'ledger.read_ledger', audience: 'caller' });
    expect(caller.status).toBe('not_found');
    // Retrieval for an anonymous caller leaves them out; for the operator it does not.
    const asCaller = await arsenal.retrieve({
      query: 'read the ledger of payments',
      audience: 'caller',
    });
    expect(asCaller.tools.map((scored) => scored.tool.name)).not.toContain('read_ledger');
    const asOperator = await arsenal.retrieve({ query: 'read the ledger of payments' });
    expect(asOperator.tools.map((scored) => scored.tool.name)).toContain('read_ledger');
    await arsenal.close();

    const granted = createSecurityPolicy({ anonymousCapabilities: ['network_*'] });
    const page = arsenal.registry.get('web.fetch_page');
    const ledger = arsenal.registry.get('ledger.read_ledger');
    expect(page && policyShows(granted, page, undefined)).toBe(true);
    expect(ledger && policyShows(granted, ledger, undefined)).toBe(false);
    const refusal = ledger && granted.evaluate({ tool: ledger, arguments: {}, audience: 'caller' });
    expect(refusal?.reason).toContain('anonymousCapabilities');
    expect(ledger && policyShows(granted, ledger, undefined, 'operator')).toBe(true);
  });

  it('counts no hidden tool among the candidates or the filtered of a search', async () => {
    const hiding = await catalog(true);
    const empty = await catalog(false);
    for (const principal of [reader, undefined]) {
      const request = {
        query: 'read one secret or the ledger of payments, or a note',
        audience: 'caller' as const,
        ...(principal ? { principal } : {}),
      };
      const hidden = await hiding.retrieve(request);
      const unknown = await empty.retrieve(request);
      expect(hidden.candidateCount).toBe(unknown.candidateCount);
      expect(hidden.filteredCount).toBe(unknown.filteredCount);
      expect(hidden.tools.map((scored) => scored.tool.name)).toEqual(
        unknown.tools.map((scored) => scored.tool.name),
      );
    }
    await Promise.all([hiding.close(), empty.close()]);
  });

  it('shows a visible tool without the dependencies and successor it may not see', async () => {
    const arsenal = await catalog(true);
    await arsenal.register(
      defineTool({
        name: 'archive_note',
        namespace: 'notes',
        description: 'Archive one note of the notebook.',
        dependencies: [
          { tool: 'vault.read_secret', kind: 'requires' },
          { tool: 'notes.read_note', kind: 'suggests' },
          { tool: 'ledger.read_ledger', kind: 'suggests' },
        ],
        supersededBy: 'vault.read_secret',
        input: { type: 'object', properties: {} } as const,
        handler: () => 'archived',
      }),
    );
    const tool = arsenal.registry.get('notes.archive_note');
    if (!tool) throw new Error('archive_note was not registered');
    const seen = arsenal.viewFor(tool, reader);
    expect(seen.dependencies.map((dependency) => dependency.tool)).toEqual(['notes.read_note']);
    expect(seen.supersededBy).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain('vault');
    expect(JSON.stringify(seen)).not.toContain('ledger');
    const operatorView = arsenal.viewFor(tool, { id: 'admin', capabilities: ['financial'] });
    expect(operatorView.dependencies.map((dependency) => dependency.tool)).toEqual([
      'notes.read_note',
      'ledger.read_ledger',
    ]);
    await arsenal.close();
  });
});
