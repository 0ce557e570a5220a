import { describe, expect, it } from "vitest";
import { groupRole } from "@/tests/support/group-roles";
import { guestRole } from "@/lib/auth/permissions";
import { memberLevel, serializePermissionLevel } from "@/lib/api/serializers/permission-level";

const role = groupRole;

describe("permission_level (contract section 14)", () => {
  it("is the role's level, 4 for a plain member, 0 for anyone else", () => {
    expect(serializePermissionLevel(role("owner"))).toBe("1");
    expect(serializePermissionLevel(role("admin"))).toBe("2");
    expect(serializePermissionLevel(role("moderator"))).toBe("3");
    expect(serializePermissionLevel(role(null, { member: true }))).toBe("4");
    expect(serializePermissionLevel(role(null))).toBe("0");
    expect(serializePermissionLevel(guestRole(1))).toBe("0");
  });

  it("ranks a site super_admin as an owner", () => {
    expect(serializePermissionLevel(role(null, { superAdmin: true }))).toBe("1");
    expect(serializePermissionLevel(role("moderator", { superAdmin: true }))).toBe("1");
  });

  it("gives members their level and plain members 4", () => {
    expect([memberLevel("owner"), memberLevel("admin"), memberLevel("moderator"), memberLevel(null)]).toEqual([1, 2, 3, 4]);
  });
});
