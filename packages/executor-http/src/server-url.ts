import { isNode, type SpecNode } from './spec-resolver.js';

function fill(template: string, variables: SpecNode, overrides: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (match, name: string) => {
    if (overrides[name] !== undefined) return overrides[name];
    const variable = variables[name];
    return isNode(variable) && typeof variable.default === 'string' ? variable.default : match;
  });
}

/**
 * The base URL of an operation: its own servers, else the path item's, else the document's (the
 * first entry, variables filled from overrides then defaults); Swagger 2.0's scheme, host and
 * basePath. Relative URLs are resolved against the spec's own URL when it came from one.
 */
export function serverUrlOf(
  document: SpecNode,
  pathItem: SpecNode,
  operation: SpecNode,
  options: { specUrl?: string; serverVariables?: Record<string, string> },
): string | undefined {
  const overrides = options.serverVariables ?? {};
  let url: string | undefined;
  for (const list of [operation.servers, pathItem.servers, document.servers]) {
    const first = Array.isArray(list) ? list[0] : undefined;
    if (isNode(first) && typeof first.url === 'string') {
      url = fill(first.url, isNode(first.variables) ? first.variables : {}, overrides);
      break;
    }
  }
  if (url === undefined && typeof document.swagger === 'string') {
    const schemes = Array.isArray(document.schemes) ? (document.schemes as string[]) : [];
    const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? 'https');
    const basePath = typeof document.basePath === 'string' ? document.basePath : '';
    if (typeof document.host === 'string') url = `${scheme}://${document.host}${basePath}`;
    else if (basePath) url = basePath;
  }
  if (url === undefined) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  if (options.specUrl && /^https?:/i.test(options.specUrl))
    return new URL(url, options.specUrl).href;
  return url === '/' || url === '' ? undefined : url;
}
