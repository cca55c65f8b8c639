import { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { CancelledError, type Issue } from '@arsenal/core';
import { A2aCardError, A2aUnavailableError } from './a2a-errors.js';

/** Where agents publish their card (A2A 1.0), and where older agents did (0.2/0.3). */
export const CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'] as const;

/** A card as fetched: the raw JSON (for hashing and errors) and the SDK's parsed form. */
export interface FetchedCard {
  card: AgentCard;
  raw: Record<string, unknown>;
  /** The URL the card came from. */
  cardUrl: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

function checkUrl(value: unknown, path: string, issues: Issue[]): void {
  if (!isText(value)) {
    issues.push({ path, message: 'must be the URL the agent answers on' });
    return;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      issues.push({ path, message: `must be an http(s) URL, got "${value}"` });
  } catch {
    issues.push({ path, message: `is not a URL: "${value}"` });
  }
}

/** What is wrong with a card's JSON, as located issues; empty when it is usable. */
export function validateAgentCard(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  if (!isObject(raw)) return [{ path: '', message: 'the card must be a JSON object' }];
  if (!isText(raw.name)) issues.push({ path: '/name', message: 'must be a non-empty string' });
  if (raw.description !== undefined && typeof raw.description !== 'string')
    issues.push({ path: '/description', message: 'must be a string' });
  const interfaces = raw.supportedInterfaces;
  if (Array.isArray(interfaces) && interfaces.length > 0) {
    interfaces.forEach((entry, index) => {
      if (!isObject(entry))
        issues.push({ path: `/supportedInterfaces/${index}`, message: 'must be an object' });
      else checkUrl(entry.url, `/supportedInterfaces/${index}/url`, issues);
    });
  } else if (raw.url !== undefined) {
    checkUrl(raw.url, '/url', issues);
  } else {
    issues.push({
      path: '/supportedInterfaces',
      message: 'is missing: the card must say where the agent answers (supportedInterfaces or url)',
    });
  }
  if (raw.capabilities !== undefined && !isObject(raw.capabilities))
    issues.push({ path: '/capabilities', message: 'must be an object' });
  if (!Array.isArray(raw.skills)) {
    issues.push({ path: '/skills', message: 'must be an array of skills' });
    return issues;
  }
  const ids = new Set<string>();
  raw.skills.forEach((skill, index) => {
    const at = `/skills/${index}`;
    if (!isObject(skill)) {
      issues.push({ path: at, message: 'must be an object' });
      return;
    }
    if (!isText(skill.id)) issues.push({ path: `${at}/id`, message: 'must be a non-empty string' });
    else if (ids.has(skill.id))
      issues.push({ path: `${at}/id`, message: `"${skill.id}" is used by another skill` });
    else ids.add(skill.id);
    if (!isText(skill.name) && !isText(skill.description))
      issues.push({ path: at, message: 'needs a name or a description' });
    for (const key of ['tags', 'examples', 'inputModes', 'outputModes']) {
      const list = skill[key];
      if (list !== undefined && !(Array.isArray(list) && list.every((v) => typeof v === 'string')))
        issues.push({ path: `${at}/${key}`, message: 'must be an array of strings' });
    }
  });
  return issues;
}

export interface FetchCardOptions {
  fetch: typeof fetch;
  signal: AbortSignal;
  headers: Record<string, string>;
  cardPath?: string;
}

function cardUrlsOf(agentUrl: string, cardPath: string | undefined): string[] {
  // An agent URL that already names a card JSON is used as it is.
  if (/\.json($|\?)/.test(agentUrl)) return [agentUrl];
  const base = agentUrl.replace(/\/+$/, '');
  const paths = cardPath ? [cardPath, ...CARD_PATHS] : [...CARD_PATHS];
  return [...new Set(paths.map((path) => `${base}/${path.replace(/^\/+/, '')}`))];
}

/** Fetch the card (falling back to the older path on 404), validate and parse it. */
export async function fetchAgentCard(
  agentUrl: string,
  options: FetchCardOptions,
): Promise<FetchedCard> {
  const urls = cardUrlsOf(agentUrl, options.cardPath);
  const misses: string[] = [];
  for (const cardUrl of urls) {
    let response: Response;
    try {
      response = await options.fetch(cardUrl, {
        headers: { accept: 'application/json', ...options.headers },
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal.aborted && !isTimeout(options.signal.reason))
        throw new CancelledError('Fetching the Agent Card was cancelled.', { cause: error });
      const what = options.signal.aborted
        ? `its Agent Card did not arrive in time (${cardUrl})`
        : `fetching ${cardUrl} failed (${describeFetchError(error)})`;
      throw new A2aUnavailableError(agentUrl, what, { cause: error });
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      misses.push(`${cardUrl} (HTTP ${response.status})`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (response.status >= 500)
        throw new A2aUnavailableError(agentUrl, `${cardUrl} answered HTTP ${response.status}`);
      throw new A2aCardError(agentUrl, [
        { path: '', message: `${cardUrl} answered HTTP ${response.status}` },
      ]);
    }
    let raw: unknown;
    try {
      raw = await response.json();
    } catch (error) {
      throw new A2aCardError(agentUrl, [{ path: '', message: `${cardUrl} is not JSON` }], {
        cause: error,
      });
    }
    const issues = validateAgentCard(raw);
    if (issues.length > 0) throw new A2aCardError(agentUrl, issues);
    let card: AgentCard;
    try {
      // The resolver converts 0.3 cards; a 1.0 card in plain JSON comes back as it was, so parse
      // it with the codec, which fills in every field the SDK's client reads.
      const normalized = new DefaultAgentCardResolver({
        legacyCompat: { enabled: true },
      }).normalizeAgentCard(raw);
      card = normalized === raw ? AgentCard.fromJSON(raw) : normalized;
    } catch (error) {
      throw new A2aCardError(
        agentUrl,
        [{ path: '', message: `the A2A SDK cannot read it: ${(error as Error).message}` }],
        { cause: error },
      );
    }
    return { card, raw: raw as Record<string, unknown>, cardUrl };
  }
  throw new A2aCardError(agentUrl, [
    { path: '', message: `no Agent Card found; tried ${misses.join(', ')}` },
  ]);
}

function isTimeout(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'TimeoutError';
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
