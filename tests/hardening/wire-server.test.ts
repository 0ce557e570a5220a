import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frame, startEmbeddedDatabaseProcess, startupPacket, stopProcess } from "../support/embedded-wire";

// The embedded database's wire server (lib/db/embedded/wire-server.ts) under abuse that
// tests/db/embedded-wire-server.test.ts does not cover: extended-protocol sequences left open
// (Parse + Flush without Sync, with a good or a failing statement, or a write executed and
// then abandoned), frames announced and never finished, huge frames before authentication,
// a crowd of wrong passwords, a BEGIN held past the idle limit. After each, a normal client
// gets its answer within a second of the server's own limit, and the database holds nothing
// an abandoned sequence did not commit. The server runs in a process of its own.

const IDLE_TX_MS = 500;
const dataDir = path.resolve(".test-data", `wire-hardening-${Date.now()}-${process.pid}`);
let child: ChildProcess;
let url: string;
let port: number;
let attacks = 0;

function newClient(connectionString = url): pg.Client {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
  client.on("error", () => undefined);
  return client;
}

/** A normal client's round trip; fails the test when it takes longer than `withinMs`. */
async function expectAnswerWithin(withinMs: number): Promise<void> {
  const started = performance.now();
  const client = newClient();
  await client.connect();
  try {
    expect((await client.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one).toBe(1);
  } finally {
    await client.end();
  }
  expect(performance.now() - started).toBeLessThan(withinMs);
  attacks += 1;
}

const cstring = (text: string) => Buffer.from(`${text}\0`);
const parse = (sql: string) => frame("P", Buffer.concat([cstring(""), cstring(sql), Buffer.from([0, 0])]));
const bind = () => frame("B", Buffer.concat([cstring(""), cstring(""), Buffer.from([0, 0, 0, 0, 0, 0])]));
const execute = () => frame("E", Buffer.concat([cstring(""), Buffer.from([0, 0, 0, 0])]));
const flush = () => frame("H");

/** A client that logged in properly and then writes raw protocol bytes on its socket. */
async function loggedInSocket(): Promise<{ socket: net.Socket; received: () => Buffer; client: pg.Client }> {
  const client = newClient();
  await client.connect();
  const socket = (client as unknown as { connection: { stream: net.Socket } }).connection.stream;
  const chunks: Buffer[] = [];
  // From here on the bytes are ours to read: pg would choke on answers to messages it did not send.
  socket.removeAllListeners("data");
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { socket, client, received: () => Buffer.concat(chunks) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  child = await startEmbeddedDatabaseProcess(dataDir, IDLE_TX_MS);
  const record = JSON.parse(fs.readFileSync(path.join(dataDir, "server.json"), "utf8")) as { url: string; port: number };
  url = record.url;
  port = record.port;
  const setup = newClient();
  await setup.connect();
  await setup.query("CREATE TABLE abandoned_writes (note text)");
  await setup.end();
});

afterAll(async () => {
  console.log(`wire-server: ${attacks} normal round trips answered in time, each after an abuse of the wire server`);
  await stopProcess(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded wire server stays responsive", () => {
  it("after Parse + Flush without Sync: the parse is answered, and the session is given back at the idle limit", async () => {
    const { socket, received, client } = await loggedInSocket();
    socket.write(Buffer.concat([parse("SELECT 1"), flush()]));
    await sleep(100);
    expect(received()[0]).toBe("1".charCodeAt(0)); // ParseComplete
    await expectAnswerWithin(IDLE_TX_MS + 1000);
    await client.end().catch(() => undefined);
  });

  it("after a failing Parse + Flush without Sync: the next client is not swallowed by the wait for Sync", async () => {
    const { socket, received, client } = await loggedInSocket();
    socket.write(Buffer.concat([parse("SELEC nonsense"), flush()]));
    await sleep(100);
    expect(received()[0]).toBe("E".charCodeAt(0)); // ErrorResponse
    await expectAnswerWithin(IDLE_TX_MS + 1000);
    // Twice: the session is sound again, not merely answered once.
    await expectAnswerWithin(1000);
    await client.end().catch(() => undefined);
  });

  it("after an INSERT executed and abandoned before Sync: the write is not committed", async () => {
    const { socket, client } = await loggedInSocket();
    socket.write(Buffer.concat([parse("INSERT INTO abandoned_writes VALUES ('never synced')"), bind(), execute(), flush()]));
    await sleep(100);
    socket.destroy();
    await expectAnswerWithin(IDLE_TX_MS + 1000);
    const check = newClient();
    await check.connect();
    expect((await check.query("SELECT count(*)::int AS n FROM abandoned_writes")).rows[0]).toEqual({ n: 0 });
    await check.end();
    await client.end().catch(() => undefined);
  });

  it("after a BEGIN held past the idle limit: the holder is closed and the others get answers", async () => {
    const holder = newClient();
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("INSERT INTO abandoned_writes VALUES ('held')");
    await expectAnswerWithin(IDLE_TX_MS + 1000);
    const check = newClient();
    await check.connect();
    expect((await check.query("SELECT count(*)::int AS n FROM abandoned_writes")).rows[0]).toEqual({ n: 0 });
    await check.end();
    await holder.end().catch(() => undefined);
  });

  it("while a logged-in client announces a frame and never finishes it", async () => {
    const { socket, client } = await loggedInSocket();
    socket.write(frame("Q", Buffer.from("SELECT"), 1000));
    await expectAnswerWithin(1000);
    await client.end().catch(() => undefined);
  });

  it.each([
    ["a negative length", -5],
    ["a length of 2 GiB", 0x7fffffff],
    ["a length of zero", 0],
  ])("after an unauthenticated client sends a password message with %s", async (_label, length) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    // Read what the server sends, or its closing the socket would go unnoticed here.
    socket.on("data", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(startupPacket({ user: "postgres", database: "postgres" }));
    await sleep(50);
    socket.write(frame("p", Buffer.alloc(0), length));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.on("error", () => undefined);
    await expectAnswerWithin(1000);
    await Promise.race([closed, sleep(3000)]);
    expect(socket.destroyed).toBe(true);
  });

  it("after 30 clients at once with a wrong password", async () => {
    const wrong = new URL(url);
    wrong.password = "wrong-password";
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, async () => {
        const client = newClient(wrong.toString());
        try {
          await client.connect();
        } finally {
          await client.end().catch(() => undefined);
        }
      }),
    );
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    await expectAnswerWithin(1000);
  });

  it("after a startup packet of 100 MB announced and 64 KB sent", async () => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    const head = Buffer.alloc(8);
    head.writeInt32BE(100_000_000);
    head.writeInt32BE(196608, 4);
    socket.write(Buffer.concat([head, Buffer.alloc(65_536, 0x61)]));
    await expectAnswerWithin(1000);
    socket.destroy();
  });
});
