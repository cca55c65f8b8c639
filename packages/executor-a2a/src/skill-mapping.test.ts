import { AgentCard } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { validateAgentCard } from './agent-card.js';
import { mapSkill, skillToolName, toAgentNamespace } from './skill-mapping.js';

const card = AgentCard.fromJSON({
  name: 'Travel Agent!',
  description: 'Books trips.',
  supportedInterfaces: [{ url: 'http://127.0.0.1:1/a2a', protocolBinding: 'JSONRPC' }],
  defaultInputModes: ['text/plain'],
  skills: [
    {
      id: 'Book-Flight',
      name: 'Book flight',
      description: 'Book a flight between two cities',
      tags: ['travel', 'flights'],
      examples: ['fly me to Oslo on Friday'],
      inputModes: ['text/plain', 'application/json'],
    },
    { id: 'chat', name: 'Chat about travel plans', description: '' },
  ],
});

const context = {
  agentName: 'Travel Agent!',
  namespace: toAgentNamespace('Travel Agent!'),
  agentUrl: 'http://127.0.0.1:1',
  hygiene: 'flag' as const,
  streams: () => false,
};

describe('skills as tools', () => {
  it('names tools from agent and skill, sanitised, in a namespace of the agent', () => {
    expect(skillToolName('Travel Agent!', 'Book-Flight')).toBe('travel_agent_book_flight');
    expect(skillToolName('42 agents', 'x')).toBe('t_42_agents_x');
    expect(toAgentNamespace('Travel Agent!')).toBe('travel-agent');
  });

  it('describes a skill with its examples and tags, and offers data input only when declared', () => {
    const [flight, chat] = card.skills.map((skill) => mapSkill(skill, card, context));
    expect(flight?.description).toBe(
      'Book a flight between two cities. Examples: "fly me to Oslo on Friday". Tags: travel, flights. A skill of the A2A agent "Travel Agent!".',
    );
    expect(flight?.parametersSchema.properties).toHaveProperty('data');
    expect(flight?.metadata).toMatchObject({ a2aSkillId: 'Book-Flight', a2aStreaming: false });
    expect(chat?.description).toContain('Chat about travel plans.');
    expect(chat?.parametersSchema.properties).not.toHaveProperty('data');
    expect(chat?.parametersSchema.required).toEqual(['message']);
  });

  it('validates a card and locates every problem', () => {
    expect(validateAgentCard({ name: 'ok', url: 'http://127.0.0.1:1', skills: [] })).toEqual([]);
    expect(validateAgentCard([])).toEqual([
      { path: '', message: 'the card must be a JSON object' },
    ]);
    const issues = validateAgentCard({
      name: 'x',
      supportedInterfaces: [{ url: 'ftp://host' }],
      skills: [
        { id: 'a', name: 'A' },
        { id: 'a', name: 'B', tags: 'nope' },
      ],
    });
    expect(issues.map((issue) => issue.path)).toEqual([
      '/supportedInterfaces/0/url',
      '/skills/1/id',
      '/skills/1/tags',
    ]);
  });
});
