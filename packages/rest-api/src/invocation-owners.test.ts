import { describe, expect, it } from 'vitest';
import { InvocationOwners, ownershipKey } from './invocation-owners.js';

describe('in-memory invocation ownership when full', () => {
  it('makes the caller holding the most give up its oldest, not everyone else', () => {
    const owners = new InvocationOwners(100);
    const victim = ownershipKey('invocation', 'inv_victim');
    owners.remember(victim, 'principal:uma');
    // Another caller starts calls in a loop, far past the capacity.
    for (let index = 0; index < 1000; index++) {
      owners.remember(ownershipKey('invocation', `inv_${index}`), 'principal:mallory');
    }
    expect(owners.owns(victim, 'principal:uma')).toBe(true);
    expect(owners.owns(ownershipKey('invocation', 'inv_999'), 'principal:mallory')).toBe(true);
    expect(owners.owns(ownershipKey('invocation', 'inv_0'), 'principal:mallory')).toBe(false);
    expect(owners.owns(ownershipKey('invocation', 'inv_901'), 'principal:mallory')).toBe(true);
    expect(owners.owns(ownershipKey('invocation', 'inv_900'), 'principal:mallory')).toBe(false);
  });

  it('moves a remembered id to its new owner and forgets it once', () => {
    const owners = new InvocationOwners(2);
    owners.remember('confirmation:cfm_1', 'principal:a');
    owners.remember('confirmation:cfm_1', 'principal:b');
    expect(owners.owns('confirmation:cfm_1', 'principal:a')).toBe(false);
    expect(owners.owns('confirmation:cfm_1', 'principal:b')).toBe(true);
    owners.forget('confirmation:cfm_1');
    owners.forget('confirmation:cfm_1');
    expect(owners.owns('confirmation:cfm_1', 'principal:b')).toBe(false);
    owners.remember('x', 'principal:a');
    owners.remember('y', 'principal:b');
    owners.remember('z', 'principal:b');
    expect([owners.owns('x', 'principal:a'), owners.owns('y', 'principal:b')]).toEqual([
      true,
      false,
    ]);
    expect(owners.owns('z', 'principal:b')).toBe(true);
  });
});
