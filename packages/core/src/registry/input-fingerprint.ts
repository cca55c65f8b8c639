import { fingerprint53, jsonFingerprint53 } from '../hash/fingerprint.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { formatQualifiedName } from '../tool/tool-name.js';
import type { RegisterOptions } from './tool-registry.js';

/**
 * Where a plain tool description would be registered (its namespace, name and version, with the
 * defaults applied), and a fingerprint of what it says.
 */
export interface InputFingerprint {
  namespace: string;
  name: string;
  version: string;
  fingerprint: number;
}

/**
 * The qualified name a fingerprinted description registers under: made only when it is looked
 * up (into an empty registry, never), not for every description.
 */
export function inputQualifiedName(input: InputFingerprint): string {
  return formatQualifiedName(input.namespace, input.name, input.version);
}

/** Whether `definition` was registered under the name its description was fingerprinted for. */
export function registersAs(
  definition: { namespace: string; name: string; version: string },
  input: InputFingerprint,
): boolean {
  return (
    definition.name === input.name &&
    definition.namespace === input.namespace &&
    definition.version === input.version
  );
}

/**
 * The qualified name a plain description registers under and a fingerprint of its JSON text
 * (as JSON would write it) with the defaults `options` would apply, or undefined when it cannot be taken (not a plain
 * description, fields of the wrong type, values JSON cannot hold). Re-registering the same
 * description gives the same fingerprint, so an unchanged tool is recognised without being
 * validated, cleaned, scanned and hashed again. A description written with its keys in another
 * order fingerprints differently and simply takes the full path, whose content hash decides.
 */
export function inputFingerprint(
  input: ToolDefinitionInput,
  options: RegisterOptions,
): InputFingerprint | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  // A class instance may answer reads through its prototype, which JSON does not see.
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const name = input.name;
  const namespace = input.namespace ?? options.namespace ?? 'default';
  const version = input.version ?? '1.0.0';
  if (typeof name !== 'string' || typeof namespace !== 'string' || typeof version !== 'string')
    return undefined;
  // The defaults the description does not set are part of what it registers as: they seed the
  // fingerprint.
  const namespaceDefault = input.namespace === undefined ? namespace : '';
  const sourceDefault = input.source === undefined ? (options.source ?? '') : '';
  const seed = seedOf(namespaceDefault, sourceDefault);
  // Cycles, BigInt: no fingerprint, and the full path reports them.
  const fingerprint = jsonFingerprint53(input, seed);
  if (fingerprint === undefined) return undefined;
  return { namespace, name, version, fingerprint };
}

// The seed of the last defaults: a batch applies the same ones to every description.
let lastNamespaceDefault = '';
let lastSourceDefault = '';
let lastSeed = 0;

function seedOf(namespaceDefault: string, sourceDefault: string): number {
  if (namespaceDefault === '' && sourceDefault === '') return 0;
  if (namespaceDefault !== lastNamespaceDefault || sourceDefault !== lastSourceDefault) {
    lastSeed = fingerprint53(`${namespaceDefault}\u0000${sourceDefault}`) % 0x80000000;
    lastNamespaceDefault = namespaceDefault;
    lastSourceDefault = sourceDefault;
  }
  return lastSeed;
}
