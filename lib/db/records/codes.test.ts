import { describe, expect, it } from "vitest";
import {
  adminRoleLevel,
  deletedByCode,
  flagCode,
  isSet,
  joiningCode,
  readAdminRole,
  readDeletedBy,
  readJoining,
  readVisibility,
  visibilityCode,
} from "@/lib/db/records/codes";

describe("record codes", () => {
  it("reads flags from numbers and digit strings", () => {
    expect([isSet(1), isSet("1"), isSet(0), isSet("0"), isSet(null)]).toEqual([true, true, false, false, false]);
    expect([flagCode(true), flagCode(false)]).toEqual([1, 0]);
  });

  it("round-trips every named union", () => {
    for (const code of [0, 1, 2] as const) expect(deletedByCode(readDeletedBy(code))).toBe(code);
    for (const code of [0, 1, 2] as const) expect(visibilityCode(readVisibility(code))).toBe(code);
    for (const code of [0, 1, 2, 3] as const) expect(joiningCode(readJoining(code))).toBe(code);
    for (const level of [1, 2, 3] as const) expect(adminRoleLevel(readAdminRole(level)!)).toBe(level);
  });

  it("names the stored codes as the contract does", () => {
    expect([readDeletedBy(0), readDeletedBy(1), readDeletedBy(2)]).toEqual([null, "author", "moderator"]);
    expect([readVisibility(0), readVisibility(1), readVisibility(2)]).toEqual(["public", "private", "hidden"]);
    expect(readAdminRole(null)).toBeNull();
  });
});
