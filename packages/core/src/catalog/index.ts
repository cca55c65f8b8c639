export type { CatalogFormat } from './catalog.js';
export {
  catalogEntryToInput,
  catalogToDefinitions,
  catalogValueToInputs,
  parseCatalog,
} from './catalog.js';
