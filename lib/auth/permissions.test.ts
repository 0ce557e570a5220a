import { describe, expect, it } from "vitest";
import { groupRole } from "@/tests/support/group-roles";
import {
  canAssignRole,
  canBan,
  canChangeRole,
  canDeletePost,
  canDeleteThread,
  canEditPost,
  canEditThread,
  canManageGroup,
  canModerate,
  canPost,
  canReadThread,
  canReply,
  canRestorePost,
  canSeeDeletedContent,
  canSeeGroup,
  guestRole,
  listGroupManagers,
  outranks,
  rankInGroup,
  readDenial,
  type GroupAdminRole,
  type GroupPolicy,
} from "@/lib/auth/permissions";

const role = groupRole;
const owner = role("owner");
const admin = role("admin");
const moderator = role("moderator");
const member = role(null);
const siteAdmin = role(null, { superAdmin: true });
const otherRole = (adminRole: GroupAdminRole | null) => role(adminRole, { userId: 6 });

describe("group abilities", () => {
  it("lets the owner and admins manage the group, moderators and members not", () => {
    expect([owner, admin, moderator, member, siteAdmin].map(canManageGroup)).toEqual([true, true, false, false, true]);
  });

  it("lets moderators and above moderate", () => {
    expect([owner, admin, moderator, member, siteAdmin].map(canModerate)).toEqual([true, true, true, false, true]);
  });

  it("lets the owner name admins and moderators, an admin only moderators, nobody a second owner", () => {
    expect(canAssignRole(owner, "admin")).toBe(true);
    expect(canAssignRole(owner, "moderator")).toBe(true);
    expect(canAssignRole(owner, "owner")).toBe(false);
    expect(canAssignRole(admin, "moderator")).toBe(true);
    expect(canAssignRole(admin, "admin")).toBe(false);
    expect(canAssignRole(moderator, "moderator")).toBe(false);
    expect(canAssignRole(member, "moderator")).toBe(false);
  });

  it("acts only on people of a lower role", () => {
    expect(outranks(moderator, null)).toBe(true);
    expect(outranks(moderator, "moderator")).toBe(false);
    expect(outranks(moderator, "admin")).toBe(false);
    expect(outranks(admin, "moderator")).toBe(true);
    expect(outranks(member, null)).toBe(false);
    expect(outranks(siteAdmin, "admin")).toBe(true);
    // A super_admin counts as an owner: never above the group's own owner.
    expect(outranks(siteAdmin, "owner")).toBe(false);
  });

  it("ranks a site super_admin as an owner, whatever their row in the group says", () => {
    expect([owner, admin, moderator, member, siteAdmin, null].map(rankInGroup)).toEqual(["owner", "admin", "moderator", null, "owner", null]);
    expect(rankInGroup(role("moderator", { superAdmin: true }))).toBe("owner");
    // Not even the group's owner outranks them.
    expect(outranks(owner, rankInGroup(siteAdmin))).toBe(false);
  });
});

describe("post abilities", () => {
  const post = { userId: 5, deletedBy: null };
  const stranger = role(null, { userId: 6 });
  const otherModerator = role("moderator", { userId: 6 });

  it("lets the author or a moderator edit and delete a live post", () => {
    expect(canEditPost({ id: 5 }, post, member)).toBe(true);
    expect(canEditPost({ id: 6 }, post, stranger)).toBe(false);
    expect(canEditPost({ id: 6 }, post, otherModerator)).toBe(true);
    expect(canEditPost(null, post, guestRole(1))).toBe(false);
    expect(canDeletePost({ id: 5 }, post, member)).toBe(true);
    expect(canDeletePost({ id: 6 }, post, otherModerator)).toBe(true);
    expect(canDeletePost({ id: 6 }, post, stranger)).toBe(false);
    // A role loaded for someone else grants nothing.
    expect(canDeletePost({ id: 6 }, post, moderator)).toBe(false);
    expect(canDeletePost(null, post, moderator)).toBe(false);
  });

  it("stops a banned author from editing but not from deleting their own post", () => {
    const banned = role(null, { banned: true });
    expect(canEditPost({ id: 5 }, post, banned)).toBe(false);
    expect(canDeletePost({ id: 5 }, post, banned)).toBe(true);
  });

  it("restores: moderators always, the author only what they deleted themselves", () => {
    expect(canRestorePost({ id: 5 }, { userId: 5, deletedBy: "author" }, member)).toBe(true);
    expect(canRestorePost({ id: 5 }, { userId: 5, deletedBy: "moderator" }, member)).toBe(false);
    expect(canRestorePost({ id: 6 }, { userId: 5, deletedBy: "moderator" }, otherModerator)).toBe(true);
    expect(canRestorePost({ id: 6 }, { userId: 5, deletedBy: "author" }, stranger)).toBe(false);
    expect(canRestorePost({ id: 6 }, post, otherModerator)).toBe(false);
  });

  it("shows a deleted post's words to its author and moderators only", () => {
    expect(canSeeDeletedContent({ id: 5 }, post, member)).toBe(true);
    expect(canSeeDeletedContent({ id: 6 }, post, otherModerator)).toBe(true);
    expect(canSeeDeletedContent({ id: 6 }, post, stranger)).toBe(false);
    expect(canSeeDeletedContent(null, post, guestRole(1))).toBe(false);
  });

  it("lets a signed-in person post with the role loaded for them, unless banned", () => {
    expect(canPost({ id: 5 }, member)).toBe(true);
    expect(canPost({ id: 6 }, member)).toBe(false);
    expect(canPost(null, member)).toBe(false);
    expect(canPost({ id: 5 }, role(null, { banned: true }))).toBe(false);
  });

  it("keeps a locked thread for moderators", () => {
    expect(canReply({ id: 5 }, member, { locked: true })).toBe(false);
    expect(canReply({ id: 5 }, moderator, { locked: true })).toBe(true);
    expect(canReply({ id: 5 }, member, { locked: false })).toBe(true);
  });

  it("hides removed threads from all but moderators", () => {
    expect(canReadThread({ deleted: false }, null)).toBe(true);
    expect(canReadThread({ deleted: true }, null)).toBe(false);
    expect(canReadThread({ deleted: true }, member)).toBe(false);
    expect(canReadThread({ deleted: true }, moderator)).toBe(true);
  });
});

describe("thread and people abilities", () => {
  it("lets the author delete a thread only while nobody else replied", () => {
    expect(canDeleteThread({ id: 5 }, { userId: 5 }, member, false)).toBe(true);
    expect(canDeleteThread({ id: 5 }, { userId: 5 }, member, true)).toBe(false);
    expect(canDeleteThread({ id: 6 }, { userId: 5 }, otherRole("moderator"), true)).toBe(true);
    expect(canEditThread({ id: 6 }, { userId: 5 }, otherRole(null))).toBe(false);
  });

  it("bans only people of a lower role, never oneself", () => {
    expect(canBan({ id: 5 }, moderator, { userId: 6, adminRole: null })).toBe(true);
    expect(canBan({ id: 5 }, moderator, { userId: 6, adminRole: "moderator" })).toBe(false);
    expect(canBan({ id: 5 }, admin, { userId: 6, adminRole: "moderator" })).toBe(true);
    expect(canBan({ id: 5 }, owner, { userId: 5, adminRole: "owner" })).toBe(false);
    expect(canBan({ id: 5 }, member, { userId: 6, adminRole: null })).toBe(false);
  });

  it("changes roles as section 12 says: owner any below, admin moderators only", () => {
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, adminRole: null }, "admin")).toBe(true);
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, adminRole: "admin" }, null)).toBe(true);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, adminRole: null }, "moderator")).toBe(true);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, adminRole: null }, "admin")).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, adminRole: "admin" }, null)).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, adminRole: "moderator" }, null)).toBe(true);
    expect(canChangeRole({ id: 5 }, moderator, { userId: 6, adminRole: null }, "moderator")).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, adminRole: "owner" }, "moderator")).toBe(false);
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, adminRole: null }, null)).toBe(false);
  });
});

describe("listGroupManagers", () => {
  it("names the owner and admins once each, not moderators", () => {
    const admins = [
      { userId: 1, role: "owner" as const },
      { userId: 2, role: "admin" as const },
      { userId: 3, role: "moderator" as const },
    ];
    expect(listGroupManagers({ id: 1, ownerId: 1, admins })).toEqual([1, 2]);
  });
});

describe("membership and privacy (contract section 14)", () => {
  const policy = (visibility: GroupPolicy["visibility"], joining: GroupPolicy["joining"] = "open", openReadonly = false): GroupPolicy => ({
    joining,
    visibility,
    openReadonly,
    hasGate: false,
    archive: false,
  });
  const actor = { id: 5 };

  it("readDenial: public for all; private 403 and hidden 404 for non-members; members, moderators and super_admins read", () => {
    for (const visibility of ["public", "private", "hidden"] as const) {
      const expected = visibility === "public" ? null : visibility;
      expect(readDenial(guestRole(1, policy(visibility)))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility) }))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility), pending: true }))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility), member: true }))).toBeNull();
      expect(readDenial(role("moderator", { policy: policy(visibility) }))).toBeNull();
      expect(readDenial(role(null, { policy: policy(visibility), superAdmin: true }))).toBeNull();
    }
    expect(canSeeGroup(role(null, { policy: policy("private") }))).toBe(true);
    expect(canSeeGroup(role(null, { policy: policy("hidden") }))).toBe(false);
  });

  it("canPost: members only where joining is not open, the group is read-only for non-members, or not public", () => {
    expect(canPost(actor, role(null))).toBe(true);
    for (const other of [
      policy("public", "request"),
      policy("public", "invitation"),
      policy("public", "gate"),
      policy("public", "open", true),
      policy("private"),
    ]) {
      expect(canPost(actor, role(null, { policy: other }))).toBe(false);
      expect(canPost(actor, role(null, { policy: other, member: true }))).toBe(true);
      expect(canPost(actor, role(null, { policy: other, member: true, banned: true }))).toBe(false);
    }
  });
});
