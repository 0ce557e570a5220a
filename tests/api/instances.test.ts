import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../support/server-process";

// Contract section 16 on one machine: every answer names its instance, API answers say where their
// reads ran, and a second instance on one embedded database is refused at start, saying why.

describe("instance headers", () => {
  it("X-Agora-Instance on pages, the API, static files and health; X-Agora-Db on API answers", async () => {
    const base = inject("baseUrl");
    const api = await fetch(new URL("/api/v2/groups/1", base), { headers: { api_key: inject("apiKey") } });
    expect(api.headers.get("x-agora-instance")).toMatch(/\S+/);
    expect(api.headers.get("x-agora-db")).toBe("primary");
    const unknown = await fetch(new URL("/api/no/such/path", base), { headers: { api_key: inject("apiKey") } });
    expect(unknown.headers.get("x-agora-db")).toBe("primary");
    const home = await (await fetch(new URL("/", base))).text();
    const script = /\/_next\/static\/[^"?]+\.js/.exec(home)?.[0];
    expect(script).toBeDefined();
    for (const pathname of ["/", "/api/health", script!, "/no-such-page"]) {
      const response = await fetch(new URL(pathname, base));
      expect(response.headers.get("x-agora-instance"), pathname).toBe(api.headers.get("x-agora-instance"));
    }
  });
});

describe("several instances on the embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-one-instance-"));
  let first: RunningServer | undefined;

  afterAll(async () => {
    await first?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second instance on the same data directory with a message, and names the first", async () => {
    const env = { DATABASE_URL: "", DATABASE_REPLICA_URL: "", AGORA_DATA_DIR: dataDir, AGORA_EMBEDDED_SHARED: "0", LOG_LEVEL: "warn" };
    first = await startServer({ ...env, AGORA_INSTANCE_ID: "first-instance" });
    expect((await fetch(new URL("/api/health", first.baseUrl))).headers.get("x-agora-instance")).toBe("first-instance");
    const second = startServer({ ...env, AGORA_INSTANCE_ID: "second-instance" });
    await expect(second).rejects.toThrow(/another instance \(first-instance, pid \d+\) already runs on the embedded database.*set DATABASE_URL/s);
    // The first keeps serving.
    expect((await fetch(new URL("/api/health", first.baseUrl))).status).toBe(200);
  }, 180_000);

  it("lets an instance start after the previous one stopped", async () => {
    await first?.stop();
    first = await startServer({ DATABASE_URL: "", AGORA_DATA_DIR: dataDir, AGORA_EMBEDDED_SHARED: "0", LOG_LEVEL: "warn" });
    expect((await fetch(new URL("/api/health", first.baseUrl))).status).toBe(200);
  }, 180_000);
});
