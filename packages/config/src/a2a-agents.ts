import { type Arsenal, ConfigurationError, type SourceHandle } from '@arsenal/core';
import { type A2aToolSource, createA2aToolSource } from '@arsenal/executor-a2a';
import { redactText } from './config-error.js';
import type { A2aAgentConfig, ArsenalConfig } from './schema.js';

/** The A2A agents of a config, loaded: sources and their handles, for closing. */
export interface LoadedA2aAgents {
  sources: A2aToolSource[];
  handles: SourceHandle[];
}

/** Secrets of `a2aAgents` that must never appear in messages. */
export function a2aSecretsOf(config: ArsenalConfig): string[] {
  return Object.values(config.a2aAgents ?? {}).flatMap((agent) =>
    [agent.bearerToken, agent.apiKey, ...Object.values(agent.headers ?? {})].filter(
      (value): value is string => typeof value === 'string' && value.length >= 4,
    ),
  );
}

function sourceOptions(name: string, agent: A2aAgentConfig) {
  return {
    url: agent.url,
    name,
    credentials: {
      ...(agent.bearerToken ? { bearerToken: agent.bearerToken } : {}),
      ...(agent.apiKey ? { apiKey: agent.apiKey } : {}),
      ...(agent.headers ? { headers: agent.headers } : {}),
    },
    ...(agent.mode ? { mode: agent.mode } : {}),
    ...(agent.streamingSkills ? { streamingSkills: agent.streamingSkills } : {}),
    ...(agent.timeoutMs ? { timeoutMs: agent.timeoutMs } : {}),
    ...(agent.pollIntervalMs ? { pollIntervalMs: agent.pollIntervalMs } : {}),
  };
}

/**
 * Fetch every enabled agent's card and register its skills as tools, followed for changes.
 * Sources are pushed into `into` as they are created, so a failure still lets the caller close them.
 */
export async function addA2aAgents(
  arsenal: Arsenal,
  config: ArsenalConfig,
  warn: (message: string) => void,
  into: LoadedA2aAgents,
): Promise<void> {
  const hygiene = config.hygiene ?? 'flag';
  const agents = Object.entries(config.a2aAgents ?? {}).filter(
    ([, agent]) => agent.enabled !== false,
  );
  const loaded = await Promise.allSettled(
    agents.map(async ([name, agent]) => {
      const source = createA2aToolSource({
        ...sourceOptions(name, agent),
        hygiene,
        onError: (error) => warn(`a2aAgents.${name}: ${error.message}`),
      });
      into.sources.push(source);
      const handle = await arsenal.addSource(source, {
        hygiene,
        onSyncError: (error) => warn(`a2aAgents.${name}: ${error.message}`),
      });
      into.handles.push(handle);
      for (const failure of handle.summary.failed)
        warn(`a2aAgents.${name}: skipped a skill: ${failure.error.message}`);
    }),
  );
  const secrets = a2aSecretsOf(config);
  loaded.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      const name = agents[index]?.[0] ?? '?';
      throw new ConfigurationError(
        `a2aAgents.${name}: cannot load the agent: ${redactText((outcome.reason as Error).message, secrets)}`,
        { cause: outcome.reason },
      );
    }
  });
}
