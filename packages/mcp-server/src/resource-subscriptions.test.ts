import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { ResourceSubscriptions } from './resource-subscriptions.js';
import { UpstreamCatalog, type UpstreamFeatureAccess } from './upstream-catalog.js';

/** An upstream that records subscribe calls and can announce updates. */
function subscribableUpstream() {
  const calls: string[] = [];
  const listeners = new Set<(uri: string) => void>();
  const features: UpstreamFeatureAccess = {
    listPrompts: async () => [],
    getPrompt: async () => ({ messages: [] }),
    listResources: async () => [{ uri: 'file:///a.txt', name: 'a' }],
    listResourceTemplates: async () => [],
    readResource: async (uri) => ({ contents: [{ uri, text: 'a' }] }),
    complete: async () => ({ completion: { values: [] } }),
    subscribeResource: async (uri) => {
      calls.push(`subscribe ${uri}`);
    },
    unsubscribeResource: async (uri) => {
      calls.push(`unsubscribe ${uri}`);
    },
    onResourceUpdated: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    namespace: 'docs',
    features,
    calls,
    update: (uri: string) => {
      for (const listener of listeners) listener(uri);
    },
  };
}

describe('ResourceSubscriptions', () => {
  it('subscribes upstream once, fans updates out under the exposed URI, unsubscribes with the last', async () => {
    const upstream = subscribableUpstream();
    const subscriptions = new ResourceSubscriptions(
      new UpstreamCatalog(createArsenal(), [upstream]),
    );
    expect(subscriptions.supported).toBe(true);
    const uri = 'arsenal://docs/file:///a.txt';
    const first: string[] = [];
    const second: string[] = [];
    const one = (updated: string) => first.push(updated);
    const two = (updated: string) => second.push(updated);
    await subscriptions.subscribe(uri, undefined, one);
    await subscriptions.subscribe(uri, undefined, two);
    expect(upstream.calls).toEqual(['subscribe file:///a.txt']);
    upstream.update('file:///a.txt');
    upstream.update('file:///other.txt');
    expect(first).toEqual([uri]);
    expect(second).toEqual([uri]);
    await subscriptions.unsubscribe(uri, undefined, one);
    upstream.update('file:///a.txt');
    expect(first).toEqual([uri]);
    expect(second).toEqual([uri, uri]);
    subscriptions.dropSubscriber(two, undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(upstream.calls).toEqual(['subscribe file:///a.txt', 'unsubscribe file:///a.txt']);
    expect(subscriptions.count(uri)).toBe(0);
    subscriptions.close();
  });

  it('refuses a URI of no upstream server with -32002', async () => {
    const subscriptions = new ResourceSubscriptions(
      new UpstreamCatalog(createArsenal(), [subscribableUpstream()]),
    );
    await expect(
      subscriptions.subscribe('arsenal://nowhere/x', undefined, () => {}),
    ).rejects.toMatchObject({ code: -32002 });
  });
});
