import type { Telemetry } from '../events/events.js';
import type { ToolRegistry } from '../registry/tool-registry.js';

/** Tell telemetry of every tool registered, updated or removed in `registry`. */
export function announceRegistryChanges(registry: ToolRegistry, telemetry: Telemetry): void {
  registry.onChange((change) => {
    const time = new Date().toISOString();
    const { name: tool, qualifiedName } = change.tool;
    telemetry.emit(
      change.type === 'removed'
        ? { type: 'tool.unregistered', time, tool, qualifiedName }
        : {
            type: 'tool.registered',
            time,
            tool,
            qualifiedName,
            contentHash: change.tool.contentHash,
            change: change.type,
          },
    );
  });
}
