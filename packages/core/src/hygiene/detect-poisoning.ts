import type { PoisoningFinding } from '../ports/poisoning-detector.js';
import { sanitizeText } from '../text/invisible-characters.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { decodings, mayHoldEncoded, rot13 } from './encoded-payloads.js';
import { findMixedScriptWords, foldLookAlikes } from './homoglyphs.js';
import {
  groupedAlternation,
  INJECTION_RULES,
  type InjectionRule,
  MAY_MATCH,
  MAY_MATCH_ROT13,
  MAY_MATCH_SNAKE,
  ROT13_TRIGGERS,
  TRIGGERS,
} from './injection-rules.js';
import {
  LANGUAGE_RULES,
  LANGUAGE_TRIGGER_WORDS,
  LANGUAGE_TRIGGERS,
  sendsSecretsInLanguages,
} from './language-rules.js';
import { joinRunOnLines } from './rule-context.js';
import { everyToolText, textPath, visitToolTexts } from './tool-texts.js';

export type { PoisoningFinding } from '../ports/poisoning-detector.js';

const NON_ASCII = /[^\u0000-\u007F]/;

/**
 * Whether an ASCII text holds a trigger of a rule, of a rule in another language or of a rule
 * in ROT13: one pass of one expression grouped by first character, since nearly every text of
 * a catalog holds none.
 */
const MAY_MATCH_ANY = groupedAlternation([
  ...TRIGGERS,
  ...LANGUAGE_TRIGGER_WORDS,
  ...ROT13_TRIGGERS,
]);
const LOWER_SNAKE = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** The rules a (normalised) text matches, English ones first, each id once. */
function matchedRules(text: string, nonAscii: boolean, unfolded = text): InjectionRule[] {
  const matched: InjectionRule[] = [];
  if (MAY_MATCH.test(text)) {
    for (const rule of INJECTION_RULES)
      if ((!rule.needs || rule.needs.test(text)) && rule.pattern.test(text) && !rule.excuse?.(text))
        matched.push(rule);
  }
  // Other languages are read as written: look-alike folding would turn Cyrillic into Latin.
  if (unfolded !== text) text = unfolded;
  if (nonAscii || LANGUAGE_TRIGGERS.test(text)) {
    const latin = nonAscii ? LANGUAGE_TRIGGERS.test(text) : true;
    for (const rule of LANGUAGE_RULES) {
      if (rule.needs ? !rule.needs.test(text) : !latin) continue;
      if (rule.pattern.test(text) && !matched.some((found) => found.id === rule.id))
        matched.push(rule);
    }
    if (sendsSecretsInLanguages(text) && !matched.some((found) => found.id === 'exfiltration'))
      matched.push(EXFILTRATION_IN_LANGUAGES);
  }
  return matched;
}

const EXFILTRATION_IN_LANGUAGES: InjectionRule = {
  id: 'exfiltration',
  pattern: /$^/,
  message:
    'asks for secrets or the conversation to be sent somewhere, in another language (exfiltration)',
};

/**
 * Scan one text for content that smuggles instructions or hidden text to a model. The text is
 * read as a reviewer cannot see it: invisible characters removed, compatibility forms folded
 * (full-width letters), Cyrillic and Greek look-alikes read as Latin; then with its run-on
 * lines joined, and decoded (base64, ROT13, leetspeak, spaced-out letters, percent-encoding)
 * and read again.
 *
 * @example scanText('Adds. Ignore previous instructions.', '/description')[0]?.rule // 'instruction-override'
 */
export function scanText(text: string, path: string): PoisoningFinding[] {
  const findings: PoisoningFinding[] = [];
  let normalised = text;
  let unfolded = text;
  const nonAscii = NON_ASCII.test(text);
  if (nonAscii) {
    const sanitized = sanitizeText(text, path);
    for (const finding of sanitized.findings)
      findings.push({ ...finding, rule: 'hidden-characters' });
    for (const finding of findMixedScriptWords(sanitized.text, path))
      findings.push({ ...finding, rule: 'homoglyph' });
    unfolded = sanitized.text.normalize('NFKC');
    normalised = foldLookAlikes(unfolded);
  }
  const found = new Set<string>();
  const report = (rules: readonly InjectionRule[], how = '') => {
    for (const rule of rules) {
      if (found.has(rule.id)) continue;
      found.add(rule.id);
      findings.push({ path, message: `${rule.message}${how}`, rule: rule.id });
    }
  };
  report(matchedRules(normalised, nonAscii, unfolded));
  if (normalised.indexOf('\n') >= 0) {
    const joined = joinRunOnLines(normalised);
    if (joined !== normalised)
      report(matchedRules(joined, nonAscii, joinRunOnLines(unfolded)), ', over several lines');
  }
  // Encoded payloads: what a decoding reveals is a finding of its own.
  const hidden: string[] = [];
  if (MAY_MATCH_ROT13.test(normalised)) {
    for (const rule of matchedRules(rot13(normalised), false))
      if (!found.has(rule.id)) hidden.push(`${rule.id} in ROT13`);
  }
  if (mayHoldEncoded(normalised)) {
    for (const decoded of decodings(normalised)) {
      for (const rule of matchedRules(decoded.text, NON_ASCII.test(decoded.text)))
        if (!found.has(rule.id)) hidden.push(`${rule.id} in ${decoded.encoding}`);
    }
  }
  if (hidden.length > 0)
    findings.push({
      path,
      rule: 'encoded-payload',
      message: `hides instructions in an encoding a reviewer cannot read (${[...new Set(hidden)].join(', ')})`,
    });
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
  if (everyToolText(tool, isCleanText)) return findings;
  const fields = new FieldsJoined();
  visitToolTexts(tool, (text, parent, key, name) => {
    const identifier = name || parent === '/name';
    if (!identifier) fields.add(text, parent, key);
    // The memo answers for the texts the first walk found clean (a repeated schema text).
    const top = parent === '/name' || parent === '/description' || parent === '/title';
    if (isClean(text, identifier, !top)) return;
    if (!top && wasScannedClean(text, identifier)) return;
    // Identifiers are read as words: `ignore_previous_instructions` says what it says.
    const scanned = identifier ? identifierWords(text) : text;
    const found = scanText(scanned, textPath(parent, key, name));
    if (found.length === 0) {
      if (!top) rememberScannedClean(text, identifier);
      return;
    }
    for (const finding of found) findings.push(finding);
  });
  // An order split between fields (a description that ends mid-sentence, a parameter's
  // description that finishes it; one word per enum value) is read with the fields joined.
  const joined = fields.text();
  if (joined !== undefined) {
    const found = new Set(findings.map((finding) => finding.rule));
    const nonAscii = NON_ASCII.test(joined);
    const read = nonAscii
      ? foldLookAlikes(sanitizeText(joined, '').text.normalize('NFKC'))
      : joined;
    for (const rule of matchedRules(
      read,
      nonAscii,
      nonAscii ? sanitizeText(joined, '').text : read,
    ))
      if (!found.has(rule.id)) {
        found.add(rule.id);
        findings.push({ path: '', rule: rule.id, message: `${rule.message}, across fields` });
      }
  }
  return findings;
}

const PROSE_KEYS = new Set(['description', 'title', 'default', 'const']);
const ITEM_LISTS = /(?:^|\/)(?:enum|examples)$/;

/** Longest joined text read (a model reads no more of one tool at once). */
const MAX_JOINED = 20_000;

/**
 * The prose texts of a tool in the order a model reads them, joined: the items of one array
 * (enum values, examples) by spaces and closed as a sentence, other texts one after another.
 */
class FieldsJoined {
  private readonly pieces: string[] = [];
  private length = 0;
  private arrayParent: string | undefined;
  /** Whether a text runs on into the next, or array items were joined. */
  private runsOn = false;

  add(text: string, parent: string, key: string | number | undefined): void {
    if (this.length > MAX_JOINED) return;
    const item = typeof key === 'number';
    // Prose and values a model reads as words; not a schema's types, formats or patterns.
    if (item ? !ITEM_LISTS.test(parent) : key !== undefined && !PROSE_KEYS.has(key)) return;
    if (this.arrayParent !== undefined && (!item || parent !== this.arrayParent)) this.close();
    // A text that ends mid-sentence runs on into one that starts in lower case; else the two
    // are two sentences (fields without a full stop are read apart, as a model reads them).
    const last = this.pieces.length - 1;
    if (last >= 0) {
      if (item && parent === this.arrayParent) this.runsOn = true;
      else if (!/^\s*[\p{Ll}]/u.test(text)) this.endSentence(last);
      else if (!/[.!?;:。]\s*$/.test(this.pieces[last]!)) this.runsOn = true;
    }
    if (item) this.arrayParent = parent;
    this.pieces.push(text);
    this.length += text.length + 1;
  }

  private close(): void {
    const last = this.pieces.length - 1;
    if (last >= 0) this.endSentence(last);
    this.arrayParent = undefined;
  }

  private endSentence(index: number): void {
    if (!/[.!?;:。]\s*$/.test(this.pieces[index]!)) this.pieces[index] += '.';
  }

  /**
   * The joined text, or undefined when no text runs on into the next (each sentence of it was
   * read on its own).
   */
  text(): string | undefined {
    if (!this.runsOn) return undefined;
    return this.pieces.join(' ');
  }
}

/**
 * isClean for the first walk: names, titles and descriptions are mostly the tool's own, so only
 * the texts a catalog repeats (tags, schema texts) are worth remembering.
 */
function isCleanText(text: string, top: boolean, identifier: boolean): boolean {
  return isClean(text, identifier, !top);
}

// Texts found clean, as prose and as identifiers: a bounded memo of a pure test (cleared when
// full), for texts short enough to repeat across a catalog.
const CLEAN_MEMO_LIMIT = 16_384;
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
    ? MAY_MATCH_ANY.test(text) || mayHoldEncoded(text)
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

// Texts that may match (a word a rule starts from) but that scanText found clean: a catalog
// repeats such texts too (a shared parameter's description that names a token). Kept apart from
// the memo above, which decides whether a tool is scanned at all: a text here still makes its
// tool's fields be read joined, as before it was scanned.
const SCANNED_MEMO_LIMIT = 4096;
const SCANNED_MEMO_LENGTH = 512;
const scannedCleanProse = new Set<string>();
const scannedCleanIdentifiers = new Set<string>();

function wasScannedClean(text: string, identifier: boolean): boolean {
  return (identifier ? scannedCleanIdentifiers : scannedCleanProse).has(text);
}

function rememberScannedClean(text: string, identifier: boolean): void {
  if (text.length > SCANNED_MEMO_LENGTH) return;
  const memo = identifier ? scannedCleanIdentifiers : scannedCleanProse;
  if (memo.size >= SCANNED_MEMO_LIMIT) memo.clear();
  memo.add(text);
}

function identifierWords(name: string): string {
  // Most identifiers are lower snake_case: only their underscores change.
  if (LOWER_SNAKE.test(name)) return name.indexOf('_') < 0 ? name : name.split('_').join(' ');
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
}
