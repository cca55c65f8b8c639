import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { matchGlob } from './glob.js';
import { createSecurityPolicy, hostsInArguments, isDestructiveTool } from './security-policy.js';

const def = (name: string, extra: Partial<ToolDefinitionInput> = {}) =>
  createToolDefinition({
    name,
    description: `The ${name} tool, for the security policy tests.`,
    parametersSchema: { type: 'object' },
    ...extra,
  });

describe('matchGlob', () => {
  it('matches * and ? and everything else literally', () => {
    expect(matchGlob('delete_*', 'delete_user')).toBe(true);
    expect(matchGlob('delete_*', 'undelete_user')).toBe(false);
    expect(matchGlob('v?', 'v1')).toBe(true);
    expect(matchGlob('billing.*', 'billing.charge:1.0.0')).toBe(true);
    expect(matchGlob('a.b', 'axb')).toBe(false);
  });
});

describe('createSecurityPolicy', () => {
  it('confirms destructive tools by default, by name and by annotation', () => {
    const policy = createSecurityPolicy();
    for (const name of ['delete_user', 'payment_send', 'drop_table', 'refund_order']) {
      expect(policy.evaluate({ tool: def(name), arguments: {} }).effect).toBe('confirm');
    }
    expect(
      policy.evaluate({
        tool: def('wipe', { annotations: { destructiveHint: true } }),
        arguments: {},
      }).effect,
    ).toBe('confirm');
    expect(policy.evaluate({ tool: def('get_user'), arguments: {} }).effect).toBe('allow');
    // Surfaces write "needs a human confirmation because <reason>": the reason says only why.
    expect(policy.evaluate({ tool: def('delete_user'), arguments: {} }).reason).toBe(
      'it is destructive',
    );
    expect(
      createSecurityPolicy({ confirmDestructive: false }).evaluate({
        tool: def('delete_user'),
        arguments: {},
      }).effect,
    ).toBe('allow');
  });

  it('applies deny before allow, and allow as a whitelist', () => {
    const policy = createSecurityPolicy({
      allow: { namespaces: ['crm'] },
      deny: { tools: ['crm.export_*'] },
    });
    expect(
      policy.evaluate({ tool: def('get_contact', { namespace: 'crm' }), arguments: {} }).effect,
    ).toBe('allow');
    expect(
      policy.evaluate({ tool: def('export_all', { namespace: 'crm' }), arguments: {} }).effect,
    ).toBe('deny');
    const outside = policy.evaluate({ tool: def('get_weather'), arguments: {} });
    expect(outside).toEqual({ effect: 'deny', reason: 'it matches no allow rule' });
  });

  it('requires confirmation by capability pattern', () => {
    const policy = createSecurityPolicy({ requireConfirmation: { capabilities: ['financ*'] } });
    const decision = policy.evaluate({
      tool: def('charge_card', { capabilities: ['financial'] }),
      arguments: {},
    });
    expect(decision.effect).toBe('confirm');
    expect(decision.reason).toContain('capability pattern "financ*"');
  });

  it('checks principal capabilities and namespaces, and can require a principal', () => {
    const policy = createSecurityPolicy({ requirePrincipal: true });
    const tool = def('read_file', { capabilities: ['file_system'], namespace: 'fs' });
    expect(policy.evaluate({ tool, arguments: {} }).effect).toBe('deny');
    expect(
      policy.evaluate({
        tool,
        arguments: {},
        principal: { id: 'a', capabilities: ['file_system'] },
      }).effect,
    ).toBe('allow');
    expect(
      policy.evaluate({ tool, arguments: {}, principal: { id: 'a', capabilities: ['read_data'] } })
        .reason,
    ).toContain('lacks the capabilities file_system');
    expect(
      policy.evaluate({ tool, arguments: {}, principal: { id: 'a', namespaces: ['crm'] } }).effect,
    ).toBe('deny');
  });

  it('limits network tools to the allowed domains', () => {
    const policy = createSecurityPolicy({ allowedDomains: ['example.com', '*.trusted.org'] });
    const fetchUrl = def('fetch_url', { capabilities: ['network_access'] });
    const allowed = (args: Record<string, unknown>) =>
      policy.evaluate({ tool: fetchUrl, arguments: args }).effect;
    expect(allowed({ url: 'https://example.com/a' })).toBe('allow');
    expect(allowed({ url: 'https://api.example.com/a' })).toBe('allow');
    expect(allowed({ url: 'https://api.trusted.org' })).toBe('allow');
    expect(allowed({ url: 'https://trusted.org' })).toBe('deny');
    expect(allowed({ url: 'https://evil.com/?next=example.com' })).toBe('deny');
    expect(allowed({ request: { targets: ['https://evil.com'] } })).toBe('deny');
    expect(allowed({ host: 'evil.com' })).toBe('deny');
    // Tools without network capabilities are not checked.
    expect(
      policy.evaluate({ tool: def('note'), arguments: { url: 'https://evil.com' } }).effect,
    ).toBe('allow');
  });

  it('finds hosts in arguments', () => {
    expect(
      hostsInArguments({ a: 'https://A.example.com/x', b: ['ftp://files.net'], domain: 'x.org' }),
    ).toEqual(['a.example.com', 'files.net', 'x.org']);
  });

  it('treats requiresConfirmation as destructive', () => {
    expect(isDestructiveTool(def('publish', { requiresConfirmation: true }))).toBe(true);
  });
});
