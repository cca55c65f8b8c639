export type { ConsoleRouteOptions } from './console-route.js';
export { CONSOLE_CSP, createConsoleRoute } from './console-route.js';
export type { StaticFile } from './static-files.js';
export { CONTENT_TYPES, consoleAssetsDir, fileKeyOf, loadStaticFiles } from './static-files.js';
