import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Shared by the wire-server tests (tests/db, tests/hardening): the embedded database served by a
// process of its own, and the raw protocol frames they attack it with.

/** Starts tests/support/embedded-database-process.ts on `dataDir`; resolves once it is ready. */
export function startEmbeddedDatabaseProcess(dataDir: string, idleTxMs: number): Promise<ChildProcess> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const env = { ...process.env, AGORA_EMBEDDED_IDLE_TX_MS: String(idleTxMs), LOG_LEVEL: "warn" };
  const started = spawn(tsx, ["--conditions=react-server", "tests/support/embedded-database-process.ts", dataDir], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    started.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve(started);
    });
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.once("exit", (code) => reject(new Error(`embedded database exited (${code}):\n${output}`)));
  });
}

/** SIGTERM, then SIGKILL after 5 s: a server frozen by a bad frame cannot run its SIGTERM handler. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** A protocol message; `length` may lie about the body (that is what the tests send). */
export function frame(type: string, body: Buffer = Buffer.alloc(0), length = body.length + 4): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, "latin1");
  head.writeInt32BE(length, 1);
  return Buffer.concat([head, body]);
}

/** A protocol 3.0 startup packet with the given parameters. */
export function startupPacket(params: Record<string, string>): Buffer {
  const body = Buffer.from(
    `${Object.entries(params)
      .map(([key, value]) => `${key}\0${value}\0`)
      .join("")}\0`,
  );
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}
