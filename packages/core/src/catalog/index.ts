export { catalogEntryToInput, catalogToDefinitions, catalogValueToInputs, parseCatalog } from './catalog.js';
export type { CatalogFormat } from './catalog.js';
