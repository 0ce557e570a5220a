import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { findFreePort } from "./free-port";

export interface TestRedis {
  url: string;
  stop: () => void;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/**
 * A Redis for the tests: the one on 127.0.0.1:6379 when it answers (CI starts it), else a
 * throwaway `redis-server` on a free port when one is installed, else null (the tests that need
 * it are skipped, saying why).
 */
export async function findTestRedis(): Promise<TestRedis | null> {
  if (await ping(6379)) return { url: "redis://127.0.0.1:6379", stop: () => {} };
  if (spawnSync("redis-server", ["--version"]).status !== 0) return null;
  const port = await findFreePort();
  const child: ChildProcess = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 50 && !(await ping(port)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}
