import type { Issue } from '../errors/arsenal-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { findMixedScriptWords, foldLookAlikes } from './homoglyphs.js';
import { INJECTION_RULES, MAY_MATCH } from './injection-rules.js';
import { sanitizeText } from './invisible-characters.js';
import { textPath, visitToolTexts } from './tool-texts.js';

/** A reason to distrust a tool: which rule fired, where, and why it matters. */
export interface PoisoningFinding extends Issue {
  /** `hidden-characters`, `homoglyph`, or the id of an injection rule (`instruction-override`...). */
  rule: string;
}

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
  visitToolTexts(tool, (text, parent, key, name) => {
    // Identifiers are read as words: `ignore_previous_instructions` says what it says.
    const identifier = name || parent === '/name';
    const scanned = identifier ? identifierWords(text) : text;
    // What scanText would find nothing in, without building the text's path: ASCII text the
    // rules' prefilter does not match (nearly every text of a catalog).
    if (!NON_ASCII.test(scanned) && !MAY_MATCH.test(scanned)) return;
    for (const finding of scanText(scanned, textPath(parent, key, name))) findings.push(finding);
  });
  return findings;
}

function identifierWords(name: string): string {
  // Most identifiers are lower snake_case: only their underscores change.
  if (LOWER_SNAKE.test(name)) return name.indexOf('_') < 0 ? name : name.split('_').join(' ');
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
}
