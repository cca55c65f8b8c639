import type { ToolDefinition, ToolHealth } from '../tool/tool-definition.js';
import type { RoutingWeights } from './types.js';

/**
 * Default weights. Relevance dominates; health and cost separate near-equals; intent is a light
 * hint because keyword intents are often wrong. Tuned on the tuning part of the dev benchmarks
 * (docs/benchmarks.md): sub-query, group and learned there; the rest chosen by reasoning.
 */
export const DEFAULT_ROUTING_WEIGHTS: Readonly<RoutingWeights> = Object.freeze({
  lexical: 1,
  semantic: 1.5,
  subquery: 0.15,
  group: 0.3,
  server: 0,
  coverage: 0.5,
  learned: 1.5,
  lexicon: 0.2,
  relevance: 0.8,
  intent: 0.02,
  conversation: 0.1,
  health: 0.1,
  cost: 0.05,
  usedPenalty: 0.05,
  failedPenalty: 0.3,
  deprecatedPenalty: 0.2,
  rerank: 0.3,
});

/** Raw signals of one candidate, each in [0,1]. */
export interface CandidateSignals {
  lexical: number;
  semantic?: number;
  subquery: number;
  /** How well the tool's group (server) matches; undefined when no group matched. */
  group?: number;
  learned?: number;
  intent: number;
  conversation?: number;
  health: number;
  cost: number;
  used: boolean;
  failed: boolean;
  deprecated: boolean;
}

/** 1 for a healthy tool, lower with failures; 0 when its breaker is open. */
export function healthScore(health: ToolHealth | undefined): number {
  if (!health) return 1;
  const circuit =
    health.circuitState === 'open' ? 0 : health.circuitState === 'half_open' ? 0.5 : 1;
  const rate = health.totalCalls > 0 ? health.successRate : 1;
  return Math.max(0, Math.min(1, rate * circuit));
}

/** 1 for free, fast tools; lower with money per call and latency. */
export function costScore(tool: ToolDefinition): number {
  const money = tool.cost.monetaryCost ?? 0;
  const latency = tool.cost.estimatedLatencyMs ?? 0;
  return 1 / (1 + money) / (1 + latency / 30_000);
}

export interface ScoreParts {
  relevance: number;
  final: number;
}

/** Combine signals into relevance and a final score in [0,1]. */
export function combineSignals(signals: CandidateSignals, weights: RoutingWeights): ScoreParts {
  let relevanceSum = weights.lexical * signals.lexical + weights.subquery * signals.subquery;
  let relevanceWeight = weights.lexical + weights.subquery;
  if (signals.group !== undefined) {
    relevanceSum += weights.group * signals.group;
    relevanceWeight += weights.group;
  }
  if (signals.semantic !== undefined) {
    relevanceSum += weights.semantic * signals.semantic;
    relevanceWeight += weights.semantic;
  }
  if (signals.learned !== undefined) {
    relevanceSum += weights.learned * signals.learned;
    relevanceWeight += weights.learned;
  }
  const relevance = relevanceWeight > 0 ? relevanceSum / relevanceWeight : 0;
  let sum =
    weights.relevance * relevance +
    weights.intent * signals.intent +
    weights.health * signals.health +
    weights.cost * signals.cost;
  let total = weights.relevance + weights.intent + weights.health + weights.cost;
  if (signals.conversation !== undefined) {
    sum += weights.conversation * signals.conversation;
    total += weights.conversation;
  }
  let final = total > 0 ? sum / total : 0;
  if (signals.used) final -= weights.usedPenalty;
  if (signals.failed) final -= weights.failedPenalty;
  if (signals.deprecated) final -= weights.deprecatedPenalty;
  return { relevance, final: Math.max(0, Math.min(1, final)) };
}
