export type { TransformersPoisoningDetectorOptions } from './transformers-poisoning-detector.js';
export {
  createTransformersPoisoningDetector,
  TransformersPoisoningDetector,
} from './transformers-poisoning-detector.js';
