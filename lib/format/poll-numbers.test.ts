import { describe, expect, it } from "vitest";
import { formatBaseUnits, formatPercent, isPositiveAmount, sharePercent, shortAddress } from "./poll-numbers";

describe("poll numbers", () => {
  it("computes shares of huge token weights without losing digits", () => {
    expect(sharePercent("250000000000000000000000", "1000000000000000000000000")).toBe(25);
    expect(sharePercent("1", "3")).toBe(33.3);
    expect(sharePercent(2, 3)).toBe(66.6);
    expect(sharePercent("5", "0")).toBe(0);
    expect(sharePercent("junk", "10")).toBe(0);
  });

  it("tells a weight of something from nothing, whatever its digits", () => {
    expect(isPositiveAmount("1000000000000000000000001")).toBe(true);
    expect(isPositiveAmount("0")).toBe(false);
    expect(isPositiveAmount("000")).toBe(false);
    expect(isPositiveAmount("junk")).toBe(false);
  });

  it("shows a tiny share as <0.1% and nothing as 0%", () => {
    expect(formatPercent(sharePercent("1", "100000"), true)).toBe("<0.1%");
    expect(formatPercent(0, false)).toBe("0%");
    expect(formatPercent(12.5, true)).toBe("12.5%");
    expect(formatPercent(40, true)).toBe("40%");
  });

  it("groups base units and shortens addresses", () => {
    expect(formatBaseUnits("1250000")).toBe("1,250,000");
    expect(formatBaseUnits("999")).toBe("999");
    expect(shortAddress("0x1234567890abcdef1234567890abcdef12345678")).toBe("0x1234…5678");
  });
});
