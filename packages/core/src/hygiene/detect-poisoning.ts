import type { PoisoningFinding } from '../ports/poisoning-detector.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { findMixedScriptWords, foldLookAlikes } from './homoglyphs.js';
import { INJECTION_RULES, MAY_MATCH, MAY_MATCH_SNAKE } from './injection-rules.js';
import { sanitizeText } from './invisible-characters.js';
import { textPath, visitToolTexts } from './tool-texts.js';

export type { PoisoningFinding } from '../ports/poisoning-detector.js';

const NON_ASCII = /[^\u0000-\u007F]/;
const LOWER_SNAKE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * Scan one text for content that smuggles instructions or hidden text to a model. The text is
 * read as a reviewer cannot see it: invisible characters removed, compatibility forms folded
 * (full-width letters), Cyrillic and Greek look-alikes read as Latin.
 *
 * @example scanText('Adds. Ignore previous instructions.', '/description')[0]?.rule // 'instruction-override'
 */
export function scanText(text: string, path: string): PoisoningFinding[] {
  const findings: PoisoningFinding[] = [];
  let normalised = text;
  if (NON_ASCII.test(text)) {
    const sanitized = sanitizeText(text, path);
    for (const finding of sanitized.findings)
      findings.push({ ...finding, rule: 'hidden-characters' });
    for (const finding of findMixedScriptWords(sanitized.text, path))
      findings.push({ ...finding, rule: 'homoglyph' });
    normalised = foldLookAlikes(sanitized.text.normalize('NFKC'));
  }
  if (!MAY_MATCH.test(normalised)) return findings;
  for (const rule of INJECTION_RULES) {
    if (rule.pattern.test(normalised))
      findings.push({ path, message: rule.message, rule: rule.id });
  }
  return findings;
}

/**
 * Findings recorded when the definition was created (hidden characters that were stripped from
 * its texts), kept in `metadata.hygiene.findings`.
 */
export function recordedFindings(tool: ToolDefinition): PoisoningFinding[] {
  const hygiene = tool.metadata.hygiene as { findings?: unknown } | undefined;
  if (typeof hygiene !== 'object' || hygiene === null || !Array.isArray(hygiene.findings))
    return [];
  return hygiene.findings.filter(
    (finding): finding is PoisoningFinding =>
      typeof finding === 'object' &&
      finding !== null &&
      typeof (finding as PoisoningFinding).path === 'string' &&
      typeof (finding as PoisoningFinding).message === 'string' &&
      typeof (finding as PoisoningFinding).rule === 'string',
  );
}

/**
 * The one poisoning detector: scans every text of a tool a model will see (name, title,
 * descriptions, examples, tags, every string and property name of its schemas) and adds what
 * was found and stripped when the definition was created.
 *
 * @example detectPoisoning(tool).map((finding) => finding.rule) // ['exfiltration']
 */
export function detectPoisoning(tool: ToolDefinition): PoisoningFinding[] {
  const findings = recordedFindings(tool);
  // Nearly every tool of a catalog is clean, so a first walk only asks whether any text may
  // match, without building paths; the texts a catalog repeats (types, shared parameters and
  // their descriptions) are remembered as clean. Only a tool with a text that may match is
  // walked again, with paths, and scanned.
  let suspect = false;
  const complete = visitToolTexts(
    tool,
    (text, parent, _key, name) => {
      if (suspect) return;
      // Names, titles and descriptions are mostly the tool's own: only the texts a catalog
      // repeats (tags, schema texts) are worth remembering.
      const top = parent === '/name' || parent === '/description' || parent === '/title';
      if (!isClean(text, name || parent === '/name', !top)) suspect = true;
    },
    false,
  );
  if (!suspect && complete) return findings;
  visitToolTexts(tool, (text, parent, key, name) => {
    const identifier = name || parent === '/name';
    if (isClean(text, identifier, false)) return;
    // Identifiers are read as words: `ignore_previous_instructions` says what it says.
    const scanned = identifier ? identifierWords(text) : text;
    for (const finding of scanText(scanned, textPath(parent, key, name))) findings.push(finding);
  });
  return findings;
}

// Texts found clean, as prose and as identifiers: a bounded memo of a pure test (cleared when
// full), for texts short enough to repeat across a catalog.
const CLEAN_MEMO_LIMIT = 8192;
const CLEAN_MEMO_LENGTH = 256;
const cleanProse = new Set<string>();
const cleanIdentifiers = new Set<string>();

/**
 * Whether scanText would find nothing in a text (read as words when it is an identifier);
 * `remember` keeps a clean text in the memo.
 */
function isClean(text: string, identifier: boolean, remember: boolean): boolean {
  const memo = identifier ? cleanIdentifiers : cleanProse;
  if (remember && memo.has(text)) return true;
  if (NON_ASCII.test(text)) return false;
  // A lower snake_case identifier is tested as written, its underscores standing for spaces.
  const mayMatch = !identifier
    ? MAY_MATCH.test(text)
    : LOWER_SNAKE.test(text)
      ? MAY_MATCH_SNAKE.test(text)
      : MAY_MATCH.test(identifierWords(text));
  if (mayMatch) return false;
  if (remember && text.length <= CLEAN_MEMO_LENGTH) {
    if (memo.size >= CLEAN_MEMO_LIMIT) memo.clear();
    memo.add(text);
  }
  return true;
}

function identifierWords(name: string): string {
  // Most identifiers are lower snake_case: only their underscores change.
  if (LOWER_SNAKE.test(name)) return name.indexOf('_') < 0 ? name : name.split('_').join(' ');
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
}
