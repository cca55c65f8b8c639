import type { Issue } from '../errors/arsenal-error.js';

/** What to do with suspicious description content: refuse the tool, accept it with findings, or skip the scan. */
export type HygieneMode = 'reject' | 'flag' | 'off';

interface Rule {
  pattern: RegExp;
  message: string;
}

// Each rule names one way a description can smuggle instructions or hidden text to a model.
const RULES: readonly Rule[] = [
  {
    pattern: /\{\{[^}]*\}\}|\{%[^%]*%\}|<%[^%]*%>|\$\{[^}]*\}/,
    message:
      'contains a template marker ({{ }}, {% %}, <% %} or $-brace); fill it in before registering',
  },
  {
    pattern: /<\s*\/?\s*(script|iframe|object|embed|style)\b/i,
    message: 'contains an HTML script/iframe/style tag',
  },
  {
    pattern: /javascript:|data:text\/html/i,
    message: 'contains a javascript: or data:text/html URL',
  },
  {
    pattern: /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD]/,
    message:
      'contains invisible characters (zero-width or soft hyphen) that hide text from reviewers',
  },
  {
    pattern: /[\u202A-\u202E\u2066-\u2069]/,
    message: 'contains bidirectional control characters that can reorder displayed text',
  },
  {
    pattern: /[\u{E0000}-\u{E007F}]/u,
    message: 'contains Unicode tag characters, which can carry invisible instructions',
  },
  {
    pattern:
      /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|system|other)\b[^.\n]{0,30}\b(instructions?|prompts?|rules|messages|directions)\b/i,
    message: 'contains an "ignore previous instructions"-style prompt injection',
  },
  {
    pattern: /<\s*\/?\s*(system|important|instructions?|admin)\s*>|\[\s*(system|INST)\s*\]/i,
    message: 'contains a fake system/instruction tag',
  },
  {
    pattern:
      /\b(do not|don't|never)\s+(tell|inform|mention|reveal|show)\b[^.\n]{0,30}\b(user|human)\b/i,
    message: 'asks the model to hide something from the user',
  },
  {
    pattern:
      /\byou\s+(must|should)\s+(first\s+)?(call|use|invoke|read|send)\b[^.\n]{0,60}\b(other|all|every|instead)\b/i,
    message: 'instructs the model to call other tools (tool shadowing)',
  },
];

// Every rule above needs one of these characters or words; text without any is clean, which
// spares most descriptions the full scan during bulk registration.
const MAY_BE_SUSPICIOUS =
  /[{}<>$[\]\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\uDB40]|ignore|disregard|forget|override|never|do not|don't|you must|you should|javascript:|data:/i;

/** Scan free text (descriptions, examples) for content that looks like injection or hidden text. */
export function scanText(text: string, path: string): Issue[] {
  const findings: Issue[] = [];
  if (!MAY_BE_SUSPICIOUS.test(text)) return findings;
  for (const rule of RULES) {
    if (rule.pattern.test(text)) findings.push({ path, message: rule.message });
  }
  return findings;
}
