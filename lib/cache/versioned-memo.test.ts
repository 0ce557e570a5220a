import { describe, expect, it } from "vitest";
import { createVersionedMemo } from "@/lib/cache/versioned-memo";

describe("createVersionedMemo", () => {
  it("finds a value only under the version it was kept with", () => {
    const memo = createVersionedMemo<{ n: number }>({ max: 10, ttlMs: 60_000 });
    memo.keep("a", "v1", { n: 1 });
    expect(memo.find("a", "v1")).toEqual({ n: 1 });
    expect(memo.find("a", "v2")).toBeNull();
  });

  it("peeks at a key's value whatever its version, saying which", () => {
    const memo = createVersionedMemo<{ n: number }>({ max: 10, ttlMs: 60_000 });
    expect(memo.peek("a")).toBeNull();
    memo.keep("a", "v1", { n: 1 });
    memo.keep("a", "v2", { n: 2 });
    expect(memo.peek("a")).toEqual({ version: "v2", value: { n: 2 } });
  });

  it("keeps the total weight under maxBytes, dropping the least recently used, and never keeps a value heavier than it all", () => {
    const memo = createVersionedMemo<{ bytes: number }>({ max: 100, ttlMs: 60_000, maxBytes: 1000, sizeOf: (value) => value.bytes });
    memo.keep("a", "v", { bytes: 400 });
    memo.keep("b", "v", { bytes: 400 });
    expect(memo.find("a", "v")).not.toBeNull();
    memo.keep("c", "v", { bytes: 400 });
    expect(memo.find("b", "v")).toBeNull();
    expect(memo.find("a", "v")).not.toBeNull();
    expect(memo.find("c", "v")).not.toBeNull();
    memo.keep("huge", "v", { bytes: 5000 });
    expect(memo.find("huge", "v")).toBeNull();
    expect(memo.find("a", "v")).not.toBeNull();
  });
});
