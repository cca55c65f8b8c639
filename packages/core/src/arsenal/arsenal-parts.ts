import type { Telemetry } from '../events/events.js';
import { combineTelemetry } from '../events/telemetry.js';
import { createExecutionEngine, type ExecutionEngine } from '../execution/engine.js';
import { createStateSync, type StateSync } from '../execution/shared-state/state-sync.js';
import { systemClock } from '../execution/types.js';
import { createSecurityPolicy, type SecurityPolicy } from '../policy/security-policy.js';
import { policyShows } from '../policy/visibility.js';
import { ToolRegistry } from '../registry/tool-registry.js';
import { ToolRetriever } from '../retrieval/tool-retriever.js';
import type { ArsenalOptions } from './types.js';

/** The parts an Arsenal is made of, put together from its options. */
export interface ArsenalParts {
  registry: ToolRegistry;
  telemetry: Telemetry | undefined;
  policy: SecurityPolicy;
  engine: ExecutionEngine;
  retriever: ToolRetriever;
  /** Shared state between replicas, when the options give a state store to share. */
  sync: StateSync | undefined;
}

export { policyShows };

export function assembleArsenal(options: ArsenalOptions): ArsenalParts {
  const registry = options.registry ?? new ToolRegistry();
  // A failing sink must never fail a registration or a retrieval.
  const telemetry = options.telemetry ? combineTelemetry(options.telemetry) : undefined;
  const policy = options.policy ?? createSecurityPolicy();
  const sync = createStateSync(
    options.execution ?? {},
    options.execution?.clock ?? systemClock,
    (event) => telemetry?.emit(event),
  );
  const engine = createExecutionEngine({
    ...options.execution,
    resolver: registry,
    telemetry,
    policy,
    ...(sync ? { stateSync: sync } : {}),
  });
  const extraVisibility = options.retrieval?.visibility;
  const retriever = new ToolRetriever({
    health: (tool) => engine.health(tool.qualifiedName),
    ...options.retrieval,
    // A principal never sees a tool the policy would refuse it.
    visibility: (tool, principal, audience) =>
      policyShows(policy, tool, principal, audience) &&
      (extraVisibility ? extraVisibility(tool, principal, audience) : true),
    registry,
    embedder: options.embedder,
    vectorStore: options.vectorStore,
    reranker: options.reranker,
    telemetry,
  });
  return { registry, telemetry, policy, engine, retriever, sync };
}
