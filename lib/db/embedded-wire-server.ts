import "server-only";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

// PGlite is one PostgreSQL session. Serving it to several connections needs two guarantees
// that a per-message multiplexer does not give: a connection's extended-protocol messages
// (Parse/Bind/Execute up to Sync) run together, and a connection that opened a transaction
// keeps the session until it ends, so concurrent clients never see each other's portals
// or half-done transactions.

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
// Messages after which the server answers: a batch ends with one of them.
const BATCH_END = new Set(["S", "Q", "X", "H"]);

class SessionLock {
  private owner: number | null = null;
  private waiting: { id: number; resolve: () => void }[] = [];

  acquire(id: number): Promise<void> {
    if (this.owner === id) return Promise.resolve();
    if (this.owner === null) {
      this.owner = id;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ id, resolve }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiting.shift();
    this.owner = next?.id ?? null;
    next?.resolve();
  }

  holds(id: number): boolean {
    return this.owner === id;
  }
}

/** Splits complete batches off the front of a connection's buffer. */
function takeBatch(buffer: Buffer): { batch: Buffer; rest: Buffer } | null {
  let offset = 0;
  while (offset + 5 <= buffer.length) {
    const type = String.fromCharCode(buffer[offset]!);
    const end = offset + 1 + buffer.readInt32BE(offset + 1);
    if (end > buffer.length) return null;
    offset = end;
    if (BATCH_END.has(type)) return { batch: buffer.subarray(0, offset), rest: buffer.subarray(offset) };
  }
  return null;
}

function endsWithFlush(batch: Buffer): boolean {
  // A Flush message is exactly 5 bytes: 'H' and the length 4.
  return batch.length >= 5 && batch[batch.length - 5] === 0x48 && batch.readInt32BE(batch.length - 4) === 4;
}

export interface WireServer {
  port: number;
  close: () => Promise<void>;
}

export async function serveOverWire(db: PGlite, host = "127.0.0.1"): Promise<WireServer> {
  const lock = new SessionLock();
  const sockets = new Set<net.Socket>();
  let nextId = 1;

  // After a Flush the client is mid-sequence (its portal lives until Sync), so it keeps the session.
  const run = async (id: number, socket: net.Socket, message: Buffer, midSequence = false) => {
    await lock.acquire(id);
    try {
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(message), {
          onRawData: (data) => {
            if (socket.writable) socket.write(data);
          },
        }),
      );
    } finally {
      if (!midSequence && !db.isInTransaction()) lock.release(id);
    }
  };

  const server = net.createServer((socket) => {
    const id = nextId++;
    sockets.add(socket);
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let chain = Promise.resolve();

    const pump = async () => {
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            buffer = buffer.subarray(8);
            socket.write("N");
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.destroy();
            return;
          }
          if (buffer.length < length) return;
          const startup = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          started = true;
          await run(id, socket, startup);
          continue;
        }
        const next = takeBatch(buffer);
        if (!next) return;
        buffer = next.rest;
        await run(id, socket, next.batch, endsWithFlush(next.batch));
      }
    };

    socket.on("data", (data) => {
      buffer = Buffer.concat([buffer, data]);
      chain = chain.then(pump).catch(() => {
        socket.destroy();
      });
    });
    const cleanUp = () => {
      sockets.delete(socket);
      chain = chain.then(async () => {
        // A client that vanished inside a transaction must not leave the session in it.
        if (lock.holds(id)) {
          if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => undefined);
          lock.release(id);
        }
      });
    };
    socket.on("close", cleanUp);
    socket.on("error", () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
