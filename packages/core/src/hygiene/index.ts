export type { SanitizedText } from '../text/invisible-characters.js';
export { sanitizeText } from '../text/invisible-characters.js';
export { detectPoisoning, scanText } from './detect-poisoning.js';
export { findMixedScriptWords, foldLookAlikes } from './homoglyphs.js';
export type { InjectionRule } from './injection-rules.js';
export { INJECTION_RULES } from './injection-rules.js';
export { combinePoisoningDetectors, createRulePoisoningDetector } from './poisoning-detectors.js';
export type { ToolText } from './tool-texts.js';
export { schemaTexts, toolTexts } from './tool-texts.js';
