import { describe, expect, it } from "vitest";
import { createSingleFlight } from "@/lib/cache/single-flight";

describe("createSingleFlight", () => {
  it("runs the work once for callers that ask while it runs, and again once it has settled", async () => {
    const flight = createSingleFlight<number>();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return runs;
    };
    const first = flight("a", work);
    const second = flight("a", work);
    const other = flight("b", work);
    expect([first.joined, second.joined, other.joined]).toEqual([false, true, false]);
    expect(await first.result).toBe(await second.result);
    await other.result;
    expect(runs).toBe(2);
    const later = flight("a", work);
    expect(later.joined).toBe(false);
    await later.result;
    expect(runs).toBe(3);
  });

  it("shares a failure with the callers that joined, then lets the next caller try again", async () => {
    const flight = createSingleFlight<string>();
    const failing = flight("a", () => Promise.reject(new Error("down")));
    const joined = flight("a", () => Promise.resolve("never run"));
    await expect(failing.result).rejects.toThrow("down");
    await expect(joined.result).rejects.toThrow("down");
    expect(await flight("a", () => Promise.resolve("up")).result).toBe("up");
  });
});
