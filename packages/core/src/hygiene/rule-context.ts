/** One way a text can smuggle instructions to a model, and how a finding names it. */
export interface InjectionRule {
  id: string;
  pattern: RegExp;
  message: string;
  /**
   * Whether a text the pattern matched is honest after all, read in context (a private path
   * named as the object of an audit, a comment named as the topic of a markup tool).
   */
  excuse?: (text: string) => boolean;
  /** A cheap test a text must pass before the pattern is tried (a script, a character). */
  needs?: RegExp;
}

/** The text without its code spans (`...`): what a tool names in code is a topic. */
export function outsideCodeSpans(text: string): string {
  return text.indexOf('`') < 0 ? text : text.replace(/`[^`\n]*`/g, ' ');
}

// What makes an honest text out of one a rule matched: the words around the match.

/** Sentences of a text (a URL's or a path's dots are not followed by a space). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n/);
}

/** Words that make a private path the object of an audit, a scan or a description. */
const EXAMINED =
  /\b(?:audit\w*|scan\w*|check\w*|inspect\w*|verif\w*|validat\w*|lint\w*|monitor\w*|detect\w*|warn\w*|flag\w*|permissions?|chmod|world-readable|rotat\w*|harden\w*|default chain|credential chain|comes? from|loaded from|committed|explain\w*|describ\w*|document\w*|report (?:keys|entries|files|findings|weak))\b/i;

/**
 * Words that hand a file's content to someone: the model is asked to read it and pass it on.
 * "Others can read it" names who may read the file, not an order to read it.
 */
const HANDED_OVER =
  /(?<!\b(?:can|could|may|might|others|anyone|everyone|users?|be|to be)\s)\b(?:read|cat|include|send|pass|attach|paste|upload|post|forward|copy|append|add|write|put|share|return|output|print|echo|leak|exfiltrate|submit|embed|content|contents|open)\b/i;

/** Words that take a file's content, as against writing to the file or listing it to ignore. */
const TAKEN =
  /(?<!\b(?:can|could|may|might|others|anyone|everyone|users?|be|to be)\s)\b(?:read|cat|include|send|pass|attach|paste|upload|post|forward|copy|share|return|output|print|echo|leak|exfiltrate|submit|embed|content|contents|open)\b/i;

/**
 * The file is where something is written (or merged into) or what an ignore list keeps out of a
 * repository.
 */
const KEPT_OUT_OR_WRITTEN =
  /\.(?:git|docker|npm)ignore\b|\bignore (?:list|file)\b|\b(?:write|writes|written|save|saves|saved|store|stores|stored|merge|merges|merged)\b[^.]{0,40}\b(?:to|into|in)\s+(?:(?:a|the|its|an?)\s+)?(?:[\w-]+\s+){0,2}(?:in\s+)?[~$%/\\]/i;

/**
 * Whether every sentence naming a private file (`pattern` finds them) names it as the object
 * of an audit or a description ("audit ~/.ssh/authorized_keys", "credentials come from
 * ~/.aws/credentials") and never asks for its content to be read or passed on.
 */
export function namesFilesOnlyToExamine(text: string, pattern: RegExp): boolean {
  for (const sentence of sentences(text)) {
    if (!pattern.test(sentence)) continue;
    if (KEPT_OUT_OR_WRITTEN.test(sentence) && !TAKEN.test(sentence)) continue;
    if (!EXAMINED.test(sentence) || HANDED_OVER.test(sentence)) return false;
  }
  return true;
}

const COMMENT = /<!--([\s\S]{0,300}?)(?:-->|$)/g;
const ADDRESSED =
  /\b(?:you|your|assistant|ai|model|llm|agent|must|should|always|never|call|invoke|send|ignore|include|read|tool|system|prompt|secret|password|token|credential|instead|do not|don't|user)\b/i;

/**
 * Whether every HTML comment of a text is a topic or a marker (`<!-- ... -->`, `<!-- more
 * -->`, `<!-- draft: not for publication -->`) rather than words addressed to a model.
 */
export function commentsAreTopics(text: string): boolean {
  for (const match of text.matchAll(COMMENT)) {
    const body = match[1] ?? '';
    const words = body.match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
    if (words >= 3 && ADDRESSED.test(body)) return false;
  }
  return true;
}

/**
 * The text with its lines joined where a sentence runs on over a line break ("Ignore all
 * previous\ninstructions"): not after a sentence's end, and not before a line that starts a
 * new entry (`- name: ...`, `1. ...`). Quote and list markers at the start of a line go.
 */
export function joinRunOnLines(text: string): string {
  return text.replace(
    /([^\s.!?:;)\]])[ \t]*\r?\n[ \t]*(?:[>*\-•|#]+[ \t]*|\d+[.)][ \t]*)?(?![\w-]+[ \t]*[:=])(?=\S)/g,
    '$1 ',
  );
}

/**
 * Whether every tag a pattern finds in a text is named as an element of a document ("the
 * values under its <system> and <network> elements"), not used as one.
 */
export function tagsAreTopics(text: string, pattern: RegExp): boolean {
  const tags = new RegExp(pattern.source, 'gi');
  for (const match of text.matchAll(tags)) {
    const end = match.index + match[0].length;
    const after = text.slice(end, end + 60);
    if (!/^[^.]*?\b(?:elements?|tags?|nodes?|sections?|blocks?|entries)\b/i.test(after))
      return false;
  }
  return true;
}
