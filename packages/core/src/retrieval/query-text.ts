/** `<subscription>`, `<resource_group_name>`: a slot the user did not fill in. */
const PLACEHOLDER = /<[\p{L}\p{N}_.:-]{1,64}>/gu;

/** How much a placeholder's words count next to the request's own words. */
export const PLACEHOLDER_WEIGHT = 0.3;

export interface SearchableQuery {
  /** The request without its placeholders. */
  text: string;
  /** The words inside placeholders, to count less. */
  placeholders: string;
}

/**
 * Splits template placeholders in angle brackets from the words of a request. Placeholders name
 * inputs (`<subscription>`, `<vault-name>`), often ones every tool of a server takes, so at full
 * weight they pull towards whichever tool repeats those words most; they still hint at the
 * object of the request, so they count a little.
 */
export function searchableQuery(query: string): SearchableQuery {
  if (!query.includes('<')) return { text: query, placeholders: '' };
  const placeholders: string[] = [];
  const text = query.replace(PLACEHOLDER, (match) => {
    placeholders.push(match.slice(1, -1));
    return ' ';
  });
  // A request made only of placeholders is searched as it is.
  if (!/[\p{L}\p{N}]/u.test(text)) return { text: query, placeholders: '' };
  return { text, placeholders: placeholders.join(' ') };
}
