import { joinedNamespace, type ToolVersions } from './tool-versions.js';

/** A registered tool a new one would share an exposed name with. */
export interface NameCollision {
  namespace: string;
  name: string;
  /** The name both would be exposed under. */
  exposedName: string;
}

/**
 * The registered tool of another namespace that a new tool `namespace.name` would share an
 * exposed name with, if any. Surfaces list a tool by its own name, or by `namespace_name` where
 * a name is shared or dots are not allowed; so a tool collides with another when its own name
 * or its joined name equals the other's joined name, or its joined name equals the other's own
 * name (`evil.svc_echo` and `svc.echo` are both `svc_echo`). Tools of one namespace come from
 * one source, which may name them as it likes; shared bare names are told apart by qualifying.
 */
export function findNameCollision(
  versions: ToolVersions,
  namespace: string,
  name: string,
): NameCollision | undefined {
  // Only another namespace's tool collides (a catalog of one server has none).
  if (!versions.hasOtherNamespace(namespace)) return undefined;
  const joined = `${joinedNamespace(namespace)}_${name}`;
  const owner = versions.otherNamespaceWith(joined, namespace);
  if (owner !== undefined) return { namespace: owner, name: joined, exposedName: joined };
  for (let pass = 0; pass < 2; pass++) {
    const exposed = pass === 0 ? joined : name;
    if (!versions.mayStartWithOtherNamespace(exposed, namespace)) continue;
    // Every way of reading `exposed` as `<joined namespace>_<name>`.
    for (let cut = exposed.indexOf('_'); cut > 0; cut = exposed.indexOf('_', cut + 1)) {
      const rest = exposed.slice(cut + 1);
      if (rest === '') continue;
      for (const other of versions.namespacesJoinedAs(exposed.slice(0, cut))) {
        if (other !== namespace && versions.has(other, rest))
          return { namespace: other, name: rest, exposedName: exposed };
      }
    }
  }
  return undefined;
}
