// Runs PGlite (Postgres compiled to WebAssembly) on 127.0.0.1:$PORT, speaking the wire protocol,
// so tests talk to it through `pg` as they would to a Postgres server. $PGLITE_DATA_DIR keeps the
// data across restarts; $PGLITE_EXTENSIONS=vector loads pgvector.
//
// PGlite is one backend, yet clients open pools of connections. Each connection's messages reach
// the backend in whole exchanges (a simple Query, or an extended-protocol run up to its Sync), one
// exchange at a time; a connection inside a transaction keeps the backend until it commits or
// rolls back. Handing the backend over message by message instead lets two connections' unnamed
// statements and portals overwrite each other.
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

// A test process killed outright (a worker ended after a timeout) cannot stop this server: it
// exits once the process that started it is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

const port = Number(process.env.PORT);
const dataDir = process.env.PGLITE_DATA_DIR;
const wanted = (process.env.PGLITE_EXTENSIONS ?? '').split(',').filter(Boolean);
const extensions = {};
if (wanted.includes('vector')) {
  extensions.vector = (await import('@electric-sql/pglite-pgvector')).vector;
}
const db = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });

/** Who may use the backend next: one exchange at a time, the holder of a transaction first. */
class Backend {
  holder = undefined;
  running = false;
  waiting = [];

  acquire(connection) {
    return new Promise((resolve) => {
      this.waiting.push({ connection, resolve });
      this.next();
    });
  }

  release(connection, keep) {
    this.running = false;
    this.holder = keep ? connection : undefined;
    this.next();
  }

  next() {
    if (this.running) return;
    const index =
      this.holder === undefined
        ? 0
        : this.waiting.findIndex((entry) => entry.connection === this.holder);
    const entry = index >= 0 ? this.waiting.splice(index, 1)[0] : undefined;
    if (!entry) return;
    this.running = true;
    entry.resolve();
  }
}

const backend = new Backend();

/** The status byte of the last ReadyForQuery ('Z') in a backend reply: I idle, T or E in a transaction. */
function lastStatus(reply, previous) {
  let status = previous;
  let offset = 0;
  while (offset + 5 <= reply.length) {
    const type = reply[offset];
    const length = new DataView(reply.buffer, reply.byteOffset + offset + 1, 4).getInt32(0);
    if (type === 0x5a && length === 5 && offset + 5 < reply.length) {
      status = String.fromCharCode(reply[offset + 5]);
    }
    offset += 1 + length;
  }
  return status;
}

function simpleQuery(sql) {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

function serve(socket) {
  const connection = {};
  let buffer = Buffer.alloc(0);
  let started = false;
  let closed = false;
  /** Messages read but not yet sent, up to the end of the exchange being read. */
  let pending = [];
  /** Exchanges run in order, one after the other. */
  let chain = Promise.resolve();
  /** Whether the backend must stay with this connection after its last exchange. */
  let status = 'I';
  let openExtended = false;

  const run = (messages, endsExchange) => {
    chain = chain.then(async () => {
      if (closed) return;
      await backend.acquire(connection);
      try {
        for (const message of messages) {
          const reply = await db.execProtocolRaw(message);
          status = lastStatus(reply, status);
          if (reply.length > 0 && !closed) socket.write(reply);
        }
        if (endsExchange) openExtended = false;
      } catch (error) {
        process.stderr.write(`pglite-server: ${error?.stack ?? error}\n`);
        socket.destroy();
      } finally {
        backend.release(connection, openExtended || status !== 'I');
      }
    });
  };

  const finish = () => {
    if (closed) return;
    closed = true;
    // A connection that leaves inside a transaction must not leave it open for the others.
    chain = chain.then(async () => {
      if (backend.holder !== connection) return;
      await backend.acquire(connection);
      try {
        if (status !== 'I' || openExtended) {
          await db.execProtocolRaw(simpleQuery('ROLLBACK'));
        }
      } finally {
        backend.release(connection, false);
      }
    });
  };

  socket.setNoDelay(true);
  socket.on('error', finish);
  socket.on('close', finish);
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    while (!closed) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (buffer.length < length) return;
        const first = new Uint8Array(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          socket.end();
          return;
        }
        started = true;
        run([first], true);
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]);
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const message = new Uint8Array(buffer.subarray(0, 1 + length));
      buffer = buffer.subarray(1 + length);
      if (type === 'X') {
        socket.end();
        return;
      }
      pending.push(message);
      if (type === 'Q' || type === 'S') {
        run(pending, true);
        pending = [];
      } else if (type === 'H') {
        // A Flush asks for the replies so far; the exchange goes on until its Sync.
        openExtended = true;
        run(pending, false);
        pending = [];
      } else {
        openExtended = true;
      }
    }
  });
}

const server = createServer(serve);
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', resolve);
});
// The test support waits for this line: a port that answers before it may be another process's.
process.stderr.write(`pglite-server: listening on 127.0.0.1:${port}\n`);

async function shutdown() {
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
