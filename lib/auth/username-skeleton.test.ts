import { describe, expect, it } from "vitest";
import { usernameSkeleton } from "@/lib/auth/username-skeleton";

describe("usernameSkeleton", () => {
  it.each([
    ["alice", "\u0430lice"], // Cyrillic а
    ["ALICE", "ALlCE"], // lower-case l for capital I
    ["Alice", "AIice"], // capital I for l
    ["alice", "\uFF41\uFF4C\uFF49\uFF43\uFF45"], // fullwidth
    ["modern", "rnodern"],
    ["bob0", "BOBO"],
    ["jo bo", "jo   bo"],
  ])("gives %j and %j the same skeleton", (a, b) => {
    expect(usernameSkeleton(a)).toBe(usernameSkeleton(b));
  });

  it.each([
    ["alice", "alise"],
    ["josé", "jose"],
    ["иван", "ivan"],
    ["user-1a2b", "user-2a1b"],
  ])("keeps %j and %j apart", (a, b) => {
    expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b));
  });
});
