import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module shared with the scripts, without type declarations
import { DEFAULT_HEAP_MB, heapFlag, nextStartArgs } from "../../scripts/next-start.mjs";

describe("the production server's command line (scripts/next-start.mjs)", () => {
  it("caps the V8 heap at AGORA_HEAP_MB, 256 MiB by default, before next start", () => {
    expect(DEFAULT_HEAP_MB).toBe(256);
    expect(nextStartArgs(3100, {})).toEqual([
      "--max-old-space-size=256",
      expect.stringMatching(/node_modules\/next\/dist\/bin\/next$/),
      "start",
      "-p",
      "3100",
      "-H",
      "127.0.0.1",
    ]);
    expect(heapFlag({ AGORA_HEAP_MB: "512" })).toBe("--max-old-space-size=512");
  });

  it("refuses a heap size that is not a whole number of MiB of at least 64", () => {
    for (const bad of ["", "abc", "12.5", "-1", "32"]) expect(() => heapFlag({ AGORA_HEAP_MB: bad })).toThrow(/AGORA_HEAP_MB/);
  });
});
