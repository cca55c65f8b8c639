import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The content type of each file kind the console ships; anything else is never served. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** One file ready to send. */
export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** Where the console's own files are: `public/` of this package. */
export function consoleAssetsDir(): string {
  return fileURLToPath(new URL('../public/', import.meta.url));
}

async function walk(root: string, folder: string, into: Map<string, StaticFile>): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      await walk(root, path, into);
      continue;
    }
    const contentType = CONTENT_TYPES[extname(entry.name).toLowerCase()];
    if (!entry.isFile() || !contentType) continue;
    const key = `/${relative(root, path).split(sep).join('/')}`;
    into.set(key, { body: await readFile(path), contentType });
  }
}

/**
 * Every servable file under `root`, read once, by its URL path (`/js/app.js`). Requests are
 * looked up in this table and never reach the file system, so no request path can name a file
 * outside it, whatever it encodes.
 */
export async function loadStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  await walk(root, root, files);
  return files;
}

/**
 * The table key a request path (below the mount point) names, or undefined when it is not a
 * plain path: bad percent-encoding, encoded slashes or backslashes, dot segments, NUL bytes.
 */
export function fileKeyOf(pathBelowMount: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathBelowMount);
  } catch {
    return undefined;
  }
  // An encoded separator is never a real folder of ours: refuse rather than reinterpret it.
  if (/%2f|%5c/i.test(pathBelowMount) || decoded.includes('\\') || decoded.includes('\0')) {
    return undefined;
  }
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  const path = decoded === '' || decoded === '/' ? '/index.html' : decoded;
  return path.startsWith('/') ? path : `/${path}`;
}
