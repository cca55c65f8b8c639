// Runs a real Postgres (PGlite with pgvector) on 127.0.0.1:$PORT, speaking the wire protocol, so
// tests talk to it through `pg` exactly as they would to a Postgres server. A data directory in
// $PGLITE_DATA_DIR keeps the data across restarts.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = Number(process.env.PORT);
const dataDir = process.env.PGLITE_DATA_DIR;
const db = await PGlite.create(
  dataDir ? { dataDir, extensions: { vector } } : { extensions: { vector } },
);
const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 16 });
await server.start();

async function shutdown() {
  await server.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
