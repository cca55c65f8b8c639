import type { ToolDefinitionInput } from '@arsenal/core';
import { seededRandom } from '@arsenal/core/adapter';

// A deterministic generator of realistic-looking tool catalogs: services × resources × actions,
// with parameter schemas, so that latency is measured on text shaped like real catalogs.

const SERVICES = [
  ['github', 'GitHub repositories'],
  ['jira', 'Jira projects'],
  ['slack', 'Slack workspaces'],
  ['stripe', 'Stripe payments'],
  ['salesforce', 'Salesforce CRM'],
  ['gmail', 'Gmail mailboxes'],
  ['gcal', 'Google Calendar'],
  ['drive', 'Google Drive'],
  ['notion', 'Notion workspaces'],
  ['zendesk', 'Zendesk support'],
  ['hubspot', 'HubSpot marketing'],
  ['shopify', 'Shopify stores'],
  ['twilio', 'Twilio messaging'],
  ['datadog', 'Datadog monitoring'],
  ['pagerduty', 'PagerDuty incidents'],
  ['aws', 'AWS accounts'],
  ['postgres', 'PostgreSQL databases'],
  ['s3', 'S3 buckets'],
  ['linear', 'Linear teams'],
  ['figma', 'Figma files'],
  ['asana', 'Asana projects'],
  ['quickbooks', 'QuickBooks ledgers'],
  ['workday', 'Workday HR records'],
  ['okta', 'Okta directories'],
] as const;

const RESOURCES = [
  'issue',
  'comment',
  'user',
  'invoice',
  'customer',
  'message',
  'channel',
  'event',
  'file',
  'folder',
  'report',
  'dashboard',
  'alert',
  'ticket',
  'order',
  'product',
  'subscription',
  'refund',
  'payment',
  'contact',
  'deal',
  'lead',
  'campaign',
  'page',
  'database',
  'table',
  'record',
  'task',
  'project',
  'release',
  'deployment',
  'incident',
  'metric',
  'log',
  'secret',
  'role',
  'group',
  'webhook',
  'note',
  'document',
] as const;

const ACTIONS = [
  ['create', 'Create a new', 'with the given fields'],
  ['get', 'Get a single', 'by its identifier'],
  ['list', 'List', 'matching optional filters, newest first'],
  ['update', 'Update an existing', 'changing only the fields provided'],
  ['delete', 'Permanently delete a', 'and everything attached to it'],
  ['search', 'Search', 'by keyword, owner and date range'],
  ['archive', 'Archive a', 'so it no longer appears in default views'],
  ['export', 'Export', 'as CSV or JSON for reporting'],
  ['assign', 'Assign a', 'to a user or team'],
  ['summarize', 'Summarize the activity of a', 'over a period'],
] as const;

export function syntheticCatalog(size: number, seed = 42): ToolDefinitionInput[] {
  const random = seededRandom(seed);
  const tools: ToolDefinitionInput[] = [];
  for (let i = 0; tools.length < size; i++) {
    const [service, serviceLabel] = SERVICES[i % SERVICES.length]!;
    const resource = RESOURCES[Math.floor(i / SERVICES.length) % RESOURCES.length]!;
    const [verb, lead, tail] =
      ACTIONS[Math.floor(i / (SERVICES.length * RESOURCES.length)) % ACTIONS.length]!;
    const round = Math.floor(i / (SERVICES.length * RESOURCES.length * ACTIONS.length));
    const suffix = round === 0 ? '' : `_v${round + 1}`;
    const plural =
      verb === 'list' || verb === 'search' || verb === 'export' ? `${resource}s` : resource;
    tools.push({
      name: `${service}_${verb}_${resource}${suffix}`,
      namespace: service,
      description: `${lead} ${plural} in ${serviceLabel} ${tail}.${random() < 0.3 ? ' Requires an authenticated account.' : ''}`,
      tags: [service, resource, verb],
      parametersSchema: {
        type: 'object',
        properties: {
          [`${resource}_id`]: { type: 'string', description: `Identifier of the ${resource}` },
          fields: { type: 'object', description: `Fields of the ${resource} to set` },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 100,
            description: 'Most results to return',
          },
        },
        required: verb === 'list' || verb === 'search' ? [] : [`${resource}_id`],
      },
    });
  }
  return tools;
}

/** Queries phrased the way users ask, about random resources of the catalog. */
export function syntheticQueries(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const templates = [
    (s: string, r: string) => `create a ${r} in ${s} for the new customer`,
    (s: string, r: string) => `show me all open ${r}s from ${s} this week`,
    (s: string, r: string) => `delete the ${r} I made yesterday in ${s}`,
    (_s: string, r: string) => `find the ${r} about the outage`,
    (s: string, r: string) => `export last month's ${r}s to a spreadsheet from ${s}`,
    (_s: string, r: string) => `who is assigned to this ${r}?`,
  ];
  return Array.from({ length: count }, () => {
    const [, label] = pick(SERVICES);
    return pick(templates)(label.split(' ')[0]!, pick(RESOURCES));
  });
}
