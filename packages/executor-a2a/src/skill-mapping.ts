import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import {
  createToolDefinition,
  type HygieneMode,
  type Issue,
  type JsonSchema,
  type ToolDefinition,
} from '@arsenal/core';
import { DESCRIPTION_MAX_LENGTH, toToolName } from '@arsenal/core/adapter';

/** What mapping needs to know about the agent. */
export interface SkillMappingContext {
  /** The agent's configured name or card name. */
  agentName: string;
  namespace: string;
  agentUrl: string;
  hygiene: HygieneMode;
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /** Whether calls to this skill go over message/stream. */
  streams: (skill: AgentSkill) => boolean;
}

const JSON_MODES = new Set(['application/json', 'data', 'application/x-json']);

/** A namespace from an agent name: `Travel Agent!` → `travel-agent`. */
export function toAgentNamespace(agentName: string): string {
  const cleaned = agentName
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64)
    .replace(/[-_.]+$/, '');
  return cleaned || 'a2a';
}

/** The tool name of a skill: agent and skill id in snake_case, `travel_agent_book_flight`. */
export function skillToolName(agentName: string, skillId: string): string {
  return toToolName(`${agentName}_${skillId}`) || 'a2a_skill';
}

/** Whether the skill (or the agent, by default) accepts structured JSON data parts. */
export function acceptsData(skill: AgentSkill, card: AgentCard): boolean {
  const modes = skill.inputModes.length > 0 ? skill.inputModes : card.defaultInputModes;
  return modes.some((mode) => JSON_MODES.has(mode.toLowerCase()));
}

function describe(skill: AgentSkill, agentName: string): string {
  const head = skill.description.trim() || skill.name.trim();
  const parts = [`${head}${/[.!?]$/.test(head) ? '' : '.'}`];
  if (skill.examples.length > 0)
    parts.push(`Examples: ${skill.examples.map((example) => `"${example}"`).join('; ')}.`);
  if (skill.tags.length > 0) parts.push(`Tags: ${skill.tags.join(', ')}.`);
  parts.push(`A skill of the A2A agent "${agentName}".`);
  const text = parts.join(' ');
  return text.length <= DESCRIPTION_MAX_LENGTH
    ? text
    : `${text.slice(0, DESCRIPTION_MAX_LENGTH - 1)}…`;
}

function inputSchema(skill: AgentSkill, card: AgentCard): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    message: {
      type: 'string',
      description: `What to ask the agent to do, in plain language (skill: ${skill.name || skill.id}).`,
    },
    taskId: {
      type: 'string',
      description:
        'Only to answer a task of this agent that stopped in input-required: its taskId from the earlier result.',
    },
  };
  if (acceptsData(skill, card)) {
    properties.data = {
      type: 'object',
      description: 'Structured input for the skill, sent as a JSON data part.',
    };
  }
  return { type: 'object', properties, required: ['message'] };
}

/** One skill of the card as a validated ToolDefinition. Throws ToolDefinitionError when it cannot. */
export function mapSkill(
  skill: AgentSkill,
  card: AgentCard,
  context: SkillMappingContext,
): ToolDefinition {
  return createToolDefinition(
    {
      name: skillToolName(context.agentName, skill.id),
      namespace: context.namespace,
      title: skill.name || skill.id,
      description: describe(skill, context.agentName),
      examples: skill.examples.slice(0, 10),
      tags: ['a2a', ...skill.tags].slice(0, 20),
      parametersSchema: inputSchema(skill, card),
      source: 'a2a_agent',
      sourceUri: context.agentUrl,
      capabilities: ['network_access'],
      annotations: { openWorldHint: true },
      metadata: {
        a2aAgent: context.agentName,
        a2aAgentUrl: context.agentUrl,
        a2aSkillId: skill.id,
        a2aStreaming: context.streams(skill),
        a2aOutputModes: skill.outputModes.length > 0 ? skill.outputModes : card.defaultOutputModes,
      },
    },
    { hygiene: context.hygiene, onFindings: context.onHygieneFindings },
  );
}
