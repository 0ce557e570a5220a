import { describe, expect, it } from "vitest";
import { formatCount, pluralize } from "@/lib/format/counts";
import { formatAbsoluteTime, formatRelativeTime, parseApiTimestamp } from "@/lib/format/relative-time";

describe("formatRelativeTime", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it.each([
    ["2026-11-21T11:59:30Z", "just now"],
    ["2026-11-21T12:00:05Z", "just now"],
    ["2026-11-21T11:55:00Z", "5 min ago"],
    ["2026-11-21T09:00:00Z", "3 h ago"],
    ["2026-11-17T12:00:00Z", "4 d ago"],
    ["2026-10-02T08:00:00Z", "Oct 2"],
    ["2025-03-12T08:00:00Z", "Mar 12, 2025"],
  ])("%s → %s", (iso, expected) => {
    expect(formatRelativeTime(new Date(iso), now)).toBe(expected);
  });

  it("prints absolute times in UTC", () => {
    expect(formatAbsoluteTime(new Date("2026-03-05T04:07:00.123Z"))).toBe("Mar 5, 2026 04:07 UTC");
  });
});

describe("parseApiTimestamp", () => {
  it("reads both API formats and rejects junk", () => {
    expect(parseApiTimestamp("2026-11-21T04:40:00.123000Z")?.toISOString()).toBe("2026-11-21T04:40:00.123Z");
    expect(parseApiTimestamp("2026-11-21 04:40:00")?.toISOString()).toBe("2026-11-21T04:40:00.000Z");
    expect(parseApiTimestamp("yesterday")).toBeNull();
  });
});

describe("counts", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1k"],
    [1234, "1.2k"],
    [15_300, "15k"],
    [2_500_000, "2.5M"],
  ])("formatCount(%d) = %s", (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it("pluralizes", () => {
    expect(pluralize(1, "reply", "replies")).toBe("1 reply");
    expect(pluralize(3, "reply", "replies")).toBe("3 replies");
    expect(pluralize(0, "member")).toBe("0 members");
  });
});
