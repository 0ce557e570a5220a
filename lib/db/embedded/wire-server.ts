import "server-only";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import {
  MAX_PENDING_BYTES,
  MAX_STARTUP_BYTES,
  WireError,
  authenticationSasl,
  authenticationSaslContinue,
  authenticationSaslFinal,
  endsWithFlush,
  errorResponse,
  readSaslInitialResponse,
  readStartupFrame,
  takeBatch,
  takeMessage,
  type StartupFrame,
} from "@/lib/db/embedded/wire-protocol";
import { ScramExchange, createScramVerifier } from "@/lib/db/embedded/wire-scram";

// PGlite is one PostgreSQL session. Serving it to several connections needs two guarantees
// that a per-message multiplexer does not give: a connection's extended-protocol messages
// (Parse/Bind/Execute up to Sync) run together, and a connection that opened a transaction
// keeps the session until it ends, so concurrent clients never see each other's portals
// or half-done transactions. Because one connection can hold everyone up, a connection
// that keeps the session and goes quiet is rolled back and closed, and nothing reaches
// PGlite before the client has proved it knows the password (SCRAM-SHA-256).

// Execute of a portal no client opened (0 = all rows), then Sync: see releaseSession.
function abandonSequenceMessages(): Uint8Array {
  const portal = Buffer.from("agora_abandoned_sequence\0");
  const execute = Buffer.alloc(5 + portal.length + 4);
  execute.write("E", "latin1");
  execute.writeInt32BE(4 + portal.length + 4, 1);
  portal.copy(execute, 5);
  return new Uint8Array(Buffer.concat([execute, Buffer.from([0x53, 0, 0, 0, 4])]));
}
const ABANDON_SEQUENCE = abandonSequenceMessages();

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

/** Received bytes not yet consumed; chunks are joined only when a reader needs them. */
class Inbox {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  view(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  consume(size: number): void {
    const all = this.view();
    this.chunks = size < all.length ? [all.subarray(size)] : [];
    this.length -= size;
  }
}

export interface WireServerOptions {
  /** Every client proves it knows this before its startup packet reaches PGlite. */
  password: string;
  /** A connection that keeps the session (in a transaction) and sends nothing this long is rolled back and closed. */
  idleInTransactionMs: number;
  /** A connection that has not authenticated this long is closed. */
  authTimeoutMs?: number;
  host?: string;
}

export interface WireServer {
  port: number;
  close: () => Promise<void>;
}

export async function serveOverWire(db: PGlite, options: WireServerOptions): Promise<WireServer> {
  const { idleInTransactionMs, authTimeoutMs = 10_000, host = "127.0.0.1" } = options;
  const verifier = createScramVerifier(options.password);
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

  // A client that vanished or was closed inside a transaction must not leave the session in it.
  // One that left an extended-protocol sequence open (its last batch ended with Flush) must not
  // leave the session waiting for its Sync either: after a failed message PostgreSQL ignores
  // everything but Sync, so every later client would wait forever, and a statement it executed
  // would be committed by the next client's. Executing a portal that cannot exist fails the
  // sequence, and Sync then ends it, rolled back, as a lost connection would.
  const releaseSession = async (id: number, sequenceOpen: boolean) => {
    if (!lock.holds(id)) return;
    if (sequenceOpen) {
      await db.runExclusive(() => db.execProtocolRawStream(ABANDON_SEQUENCE, { onRawData: () => undefined })).catch(() => undefined);
    }
    if (db.isInTransaction()) await db.exec("ROLLBACK").catch(() => undefined);
    lock.release(id);
  };

  const server = net.createServer((socket) => {
    const id = nextId++;
    sockets.add(socket);
    const inbox = new Inbox();
    let phase: "startup" | "auth" | "ready" | "closed" = "startup";
    let startup: Extract<StartupFrame, { kind: "startup" }> | undefined;
    let scram: ScramExchange | undefined;
    let chain = Promise.resolve();
    let pumping = false;
    let need = 1;
    let idleTimer: NodeJS.Timeout | undefined;
    let sequenceOpen = false;

    const close = (error?: WireError) => {
      if (phase === "closed") return;
      phase = "closed";
      clearTimeout(authTimer);
      clearTimeout(idleTimer);
      if (error && socket.writable) {
        socket.end(errorResponse(error), () => socket.destroy());
        // A client that does not read must not keep the socket open.
        setTimeout(() => socket.destroy(), 1000).unref();
      } else {
        socket.destroy();
      }
      // The database may already be closed when the server stops: nothing left to roll back then.
      chain = chain.then(() => releaseSession(id, sequenceOpen)).catch(() => undefined);
    };
    const authTimer = setTimeout(() => close(new WireError("08006", "authentication timed out")), authTimeoutMs);

    // The clock runs from the last batch the session owner sent, not from its last byte, so a
    // client trickling an unfinished message cannot keep the session either.
    const stopIdleClock = () => {
      clearTimeout(idleTimer);
      idleTimer = undefined;
    };
    const startIdleClock = () => {
      if (idleTimer || phase === "closed" || !lock.holds(id)) return;
      idleTimer = setTimeout(() => close(new WireError("25P03", "terminating connection due to idle-in-transaction timeout")), idleInTransactionMs);
    };

    const authenticate = (type: string, body: Buffer) => {
      const refused = new WireError("28P01", `password authentication failed for user "${startup!.user}"`);
      if (type === "X") {
        close();
        return false;
      }
      if (type !== "p") throw refused;
      if (!scram) {
        const clientFirst = readSaslInitialResponse(body);
        scram = new ScramExchange(verifier);
        const serverFirst = clientFirst === null ? null : scram.start(clientFirst);
        if (serverFirst === null) throw new WireError("08P01", "malformed SCRAM-SHA-256 initial response");
        socket.write(authenticationSaslContinue(serverFirst));
        return false;
      }
      const serverFinal = scram.finish(body.toString());
      if (serverFinal === null) throw refused;
      socket.write(authenticationSaslFinal(serverFinal));
      return true;
    };

    // One step: consumes a frame and acts on it, or says how many bytes it needs first.
    const step = async (): Promise<number | undefined> => {
      const buffer = inbox.view();
      if (phase === "startup") {
        const frame = readStartupFrame(buffer);
        if ("need" in frame) return frame.need;
        inbox.consume(frame.size);
        if (frame.kind === "cancel") close();
        else if (frame.kind === "encryption") socket.write("N");
        else {
          startup = frame;
          phase = "auth";
          socket.write(authenticationSasl());
        }
      } else if (phase === "auth") {
        const message = takeMessage(buffer, MAX_STARTUP_BYTES);
        if ("need" in message) return message.need;
        inbox.consume(message.size);
        if (authenticate(message.type, message.body)) {
          clearTimeout(authTimer);
          phase = "ready";
          // PGlite answers the startup packet with AuthenticationOk, parameters and ReadyForQuery.
          await run(id, socket, startup!.packet);
        }
      } else {
        const next = takeBatch(buffer);
        if ("need" in next) return next.need;
        inbox.consume(next.batch.length);
        stopIdleClock();
        sequenceOpen = endsWithFlush(next.batch);
        await run(id, socket, next.batch, sequenceOpen);
      }
      return undefined;
    };

    const pump = async () => {
      while (phase !== "closed") {
        const needed = await step();
        if (needed === undefined) continue;
        need = needed;
        break;
      }
      startIdleClock();
    };

    socket.on("data", (data) => {
      if (phase === "closed") return;
      inbox.push(data);
      if (inbox.length > MAX_PENDING_BYTES) return close(new WireError("08P01", `more than ${MAX_PENDING_BYTES} bytes unanswered`));
      if (pumping || inbox.length < need) return;
      pumping = true;
      chain = chain
        .then(pump)
        .catch((error: unknown) => close(error instanceof WireError ? error : new WireError("XX000", "internal error")))
        .finally(() => {
          pumping = false;
        });
    });
    socket.on("close", () => {
      sockets.delete(socket);
      close();
    });
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
