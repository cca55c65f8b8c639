import { canonicalJson } from '../hash/canonical-json.js';
import { sha256Hex } from '../hash/sha256.js';
import type { ToolDefinition } from './tool-definition.js';

// A definition's content hash, computed on first read: bulk registration of new tools never
// needs it (only replacing a tool compares hashes). One shared getter, so a definition keeps no
// copy of its fields for the hash.

const contentHashes = new WeakMap<object, string>();

/** The hash of everything a definition persists but its creation time. */
function computeContentHash(this: ToolDefinition): string {
  let hash = contentHashes.get(this);
  if (hash === undefined) {
    const persisted: Record<string, unknown> = {};
    for (const key of Object.keys(this)) {
      if (key !== 'contentHash' && key !== 'createdAt' && key !== 'qualifiedName')
        persisted[key] = this[key as keyof ToolDefinition];
    }
    hash = sha256Hex(canonicalJson(persisted)).slice(0, 32);
    contentHashes.set(this, hash);
  }
  return hash;
}

/** The `contentHash` property every definition is given. */
export const CONTENT_HASH_PROPERTY: PropertyDescriptor = {
  enumerable: true,
  get: computeContentHash,
};
