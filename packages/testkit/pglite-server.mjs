// Runs a real Postgres (PGlite) on 127.0.0.1:$PORT, speaking the wire protocol, so tests talk to
// it through `pg` exactly as they would to a Postgres server. $PGLITE_DATA_DIR keeps the data
// across restarts; $PGLITE_EXTENSIONS=vector loads pgvector.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = Number(process.env.PORT);
const dataDir = process.env.PGLITE_DATA_DIR;
const wanted = (process.env.PGLITE_EXTENSIONS ?? '').split(',').filter(Boolean);
const extensions = {};
if (wanted.includes('vector')) {
  extensions.vector = (await import('@electric-sql/pglite-pgvector')).vector;
}
const db = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 16 });
await server.start();

async function shutdown() {
  await server.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
