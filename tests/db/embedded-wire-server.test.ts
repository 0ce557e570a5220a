import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frame, startEmbeddedDatabaseProcess, startupPacket, stopProcess } from "../support/embedded-wire";

// The embedded database's door (lib/db/embedded/wire-server.ts), attacked over real sockets.
// The server runs in its own process (tests/support/embedded-database-process.ts) with a
// short idle-in-transaction timeout, on a data directory of its own.
const IDLE_TX_MS = 500;
const dataDir = path.resolve(".test-data", `wire-${Date.now()}-${process.pid}`);
let child: ChildProcess;
let url: string;
let port: number;

function newClient(connectionString: string): pg.Client {
  return new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
}

async function selectOne(connectionString = url): Promise<number> {
  const client = newClient(connectionString);
  await client.connect();
  try {
    return (await client.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one;
  } finally {
    await client.end();
  }
}

/** Logs in properly, then writes raw bytes on the same socket; resolves with how the server ended it. */
async function sendAfterLogin(bytes: Buffer): Promise<{ code?: string; message: string }> {
  const client = newClient(url);
  await client.connect();
  const ended = new Promise<{ code?: string; message: string }>((resolve) => {
    client.on("error", (error: Error & { code?: string }) => resolve({ code: error.code, message: error.message }));
    client.on("end", () => resolve({ message: "ended without an error" }));
  });
  (client as unknown as { connection: { stream: net.Socket } }).connection.stream.write(bytes);
  return ended;
}

/** A raw connection: writes `bytes`, then collects what the server sends until it closes. */
function exchange(bytes: Buffer): Promise<{ type: string; body: Buffer }[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error("the server neither answered nor closed the connection"));
    });
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const messages: { type: string; body: Buffer }[] = [];
      for (let offset = 0; offset + 5 <= all.length; offset += 1 + all.readInt32BE(offset + 1)) {
        messages.push({ type: String.fromCharCode(all[offset]!), body: all.subarray(offset + 5, offset + 1 + all.readInt32BE(offset + 1)) });
      }
      resolve(messages);
    });
  });
}

/** The SQLSTATE (C) and message (M) fields of an ErrorResponse. */
function errorFields(body: Buffer): { code?: string; message?: string } {
  const fields = Object.fromEntries(
    body
      .toString()
      .split("\0")
      .filter(Boolean)
      .map((field) => [field[0], field.slice(1)]),
  );
  return { code: fields.C, message: fields.M };
}

beforeAll(async () => {
  // Made readable by everyone on purpose: the server must close it up.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  child = await startEmbeddedDatabaseProcess(dataDir, IDLE_TX_MS);
  const record = JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as { url: string; port: number };
  url = record.url;
  port = record.port;
});

afterAll(async () => {
  await stopProcess(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded database wire server", () => {
  it("keeps its data directory and its record private to its owner", () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "server.json")).mode & 0o777).toBe(0o600);
  });

  it("serves a client that knows the recorded password (SCRAM-SHA-256)", async () => {
    expect(new URL(url).password).toMatch(/^[\w-]{43}$/);
    expect(await selectOne()).toBe(1);
  });

  it("refuses a wrong password with an ErrorResponse and keeps serving", async () => {
    const wrong = new URL(url);
    wrong.password = "postgres";
    await expect(selectOne(wrong.toString())).rejects.toMatchObject({ code: "28P01" });
    expect(await selectOne()).toBe(1);
  });

  it("answers no query before authentication", async () => {
    const query = Buffer.from("SELECT 1\0");
    const replies = await exchange(Buffer.concat([startupPacket({ user: "postgres", database: "postgres" }), frame("Q", query, 4 + query.length)]));
    expect(replies.map((reply) => reply.type)).toEqual(["R", "E"]);
    expect(replies[0]!.body.readInt32BE(0)).toBe(10); // AuthenticationSASL
    expect(errorFields(replies[1]!.body).code).toBe("28P01");
    // A client without a password gets no further either.
    const noPassword = new URL(url);
    noPassword.password = "";
    await expect(selectOne(noPassword.toString())).rejects.toThrow(/password/);
    expect(await selectOne()).toBe(1);
  });

  it.each([
    ["a negative length", -1, /invalid message length/],
    ["a length shorter than its own field", 3, /invalid message length/],
    ["a length over 64 MiB", 0x7fffffff, /message exceeds/],
  ])("closes an authenticated connection that sends %s, and serves the others", async (_, length, expected) => {
    const ended = await sendAfterLogin(frame("Q", undefined, length));
    expect(ended).toMatchObject({ code: "08P01", message: expect.stringMatching(expected) });
    expect(await selectOne()).toBe(1);
  });

  it.each([
    ["a negative startup length", -1, /invalid length of startup packet/],
    ["a startup packet over 10 000 bytes", 1_000_000, /startup packet exceeds/],
  ])("refuses %s before reading it", async (_, length, expected) => {
    const head = Buffer.alloc(8);
    head.writeInt32BE(length);
    head.writeInt32BE(196608, 4);
    const replies = await exchange(head);
    expect(replies).toHaveLength(1);
    expect(errorFields(replies[0]!.body)).toMatchObject({ code: "08P01", message: expect.stringMatching(expected) });
    expect(await selectOne()).toBe(1);
  });

  it("rolls back and closes a connection idle in a transaction, so the others proceed", async () => {
    const holder = newClient(url);
    await holder.connect();
    const ended = new Promise<string | undefined>((resolve) => holder.on("error", (error: Error & { code?: string }) => resolve(error.code)));
    await holder.query("BEGIN");
    await holder.query("CREATE TABLE held_by_idle_client (id int)");
    // This waits for the session the holder keeps, until the server gives up on the holder.
    const other = newClient(url);
    await other.connect();
    const { rows } = await other.query<{ held: string | null }>("SELECT to_regclass('held_by_idle_client')::text AS held");
    expect(rows[0]!.held).toBeNull();
    expect(await ended).toBe("25P03");
    await other.end();
    await holder.end().catch(() => undefined);
  });
});
