import { afterEach, describe, expect, it, vi } from "vitest";
import { findResource, resource, stopAll, stopResource } from "@/lib/runtime/registry";

afterEach(() => stopAll());

describe("resource", () => {
  it("makes a resource once, for every bundle that asks for it by name", async () => {
    const create = vi.fn(() => ({ made: Math.random() }));
    const first = resource("test.shared", create);
    // Another bundle: its own copy of the module, the same process.
    vi.resetModules();
    const other = await import("@/lib/runtime/registry");
    expect(other.resource).not.toBe(resource);
    expect(other.resource("test.shared", () => ({ made: -1 }))).toBe(first);
    expect(resource("test.shared", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("keeps a null resource (a setting that turns a thing off) without making it again", () => {
    const create = vi.fn(() => null);
    expect(resource("test.off", create)).toBeNull();
    expect(resource("test.off", create)).toBeNull();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("gives a promised resource as the same promise, and forgets one that rejects so the next caller tries again", async () => {
    const failing = resource("test.connect", () => Promise.reject(new Error("refused")));
    await expect(failing).rejects.toThrow("refused");
    await Promise.resolve();
    expect(findResource("test.connect")).toBeUndefined();
    const connected = resource("test.connect", () => Promise.resolve({ up: true }));
    expect(resource("test.connect", () => Promise.resolve({ up: false }))).toBe(connected);
    expect(await connected).toEqual({ up: true });
  });

  it("finds a resource without making it", () => {
    expect(findResource("test.absent")).toBeUndefined();
    expect(findResource("test.absent")).toBeUndefined();
    const made = resource("test.present", () => new Map());
    expect(findResource("test.present")).toBe(made);
  });
});

describe("stopping", () => {
  it("stops one resource, with what its promise resolved to, and makes a new one for the next caller", async () => {
    const stopped: unknown[] = [];
    const first = resource("test.pool", () => Promise.resolve({ pool: 1 }), { stop: (pool) => void stopped.push(pool) });
    await stopResource("test.pool");
    expect(stopped).toEqual([{ pool: 1 }]);
    const second = resource("test.pool", () => Promise.resolve({ pool: 2 }));
    expect(second).not.toBe(first);
    await stopResource("test.never-made");
  });

  it("stops everything newest-ready first: a promised resource takes its place when it is ready, after what it was built on", async () => {
    const order: string[] = [];
    const stop = (name: string) => ({ stop: () => void order.push(name) });
    resource("test.logger", () => "logger", stop("logger"));
    let serve!: () => void;
    const served = new Promise<void>((resolve) => (serve = resolve));
    // The client is asked for first, but is ready only after the server it connects to.
    const client = resource(
      "test.client",
      async () => {
        await served;
        return "client";
      },
      stop("client"),
    );
    resource("test.server", () => "server", stop("server"));
    serve();
    await client;
    resource("test.streams", () => "streams", stop("streams"));
    await stopAll();
    expect(order).toEqual(["streams", "client", "server", "logger"]);
    expect(findResource("test.client")).toBeUndefined();
  });

  it("waits for a resource still being made before stopping it", async () => {
    const order: string[] = [];
    let finish!: () => void;
    resource("test.slow", () => new Promise<string>((resolve) => (finish = () => resolve("slow"))), { stop: (value) => void order.push(value) });
    const stopping = stopAll();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]);
    finish();
    await stopping;
    expect(order).toEqual(["slow"]);
  });

  it("runs every stop when one fails, then throws the first failure", async () => {
    const stopped: string[] = [];
    resource("test.a", () => "a", { stop: () => void stopped.push("a") });
    resource("test.b", () => "b", {
      stop: () => {
        throw new Error("b would not close");
      },
    });
    resource("test.c", () => "c", { stop: async () => void stopped.push("c") });
    await expect(stopAll()).rejects.toThrow("b would not close");
    expect(stopped).toEqual(["c", "a"]);
    expect(findResource("test.a")).toBeUndefined();
  });

  it("lets a stop stop another resource (a client that ends its replica poller) without stopping that one twice", async () => {
    const stops = vi.fn();
    resource("test.replica", () => "replica", { stop: stops });
    resource("test.primary", () => "primary", { stop: () => stopResource("test.replica") });
    await stopAll();
    expect(stops).toHaveBeenCalledTimes(1);
  });
});
