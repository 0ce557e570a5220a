import { describe, expect, it } from "vitest";
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
  permissionLevel,
  rankInGroup,
  readDenial,
  ROLE_LEVEL,
  type GroupRole,
} from "@/lib/auth/permissions";

const role = (level: number | null, extra: Partial<GroupRole> = {}): GroupRole => ({
  groupId: 1,
  userId: 5,
  level,
  superAdmin: false,
  banned: false,
  member: false,
  pending: false,
  gateCheckedAt: null,
  policy: { joining: 0, visibility: 0, openReadonly: "0", hasGate: false },
  ...extra,
});
const owner = role(ROLE_LEVEL.owner);
const admin = role(ROLE_LEVEL.admin);
const moderator = role(ROLE_LEVEL.moderator);
const member = role(null);
const siteAdmin = role(null, { superAdmin: true });
const otherRole = (level: number | null) => role(level, { userId: 6 });

describe("group abilities", () => {
  it("lets the owner and admins manage the group, moderators and members not", () => {
    expect([owner, admin, moderator, member, siteAdmin].map(canManageGroup)).toEqual([true, true, false, false, true]);
  });

  it("lets moderators and above moderate", () => {
    expect([owner, admin, moderator, member, siteAdmin].map(canModerate)).toEqual([true, true, true, false, true]);
    // A level outside 1-3 (a corrupt row) grants nothing.
    expect(canModerate(role(0))).toBe(false);
    expect(canModerate(role(4))).toBe(false);
  });

  it("lets the owner name admins and moderators, an admin only moderators, nobody a second owner", () => {
    expect(canAssignRole(owner, ROLE_LEVEL.admin)).toBe(true);
    expect(canAssignRole(owner, ROLE_LEVEL.moderator)).toBe(true);
    expect(canAssignRole(owner, ROLE_LEVEL.owner)).toBe(false);
    expect(canAssignRole(admin, ROLE_LEVEL.moderator)).toBe(true);
    expect(canAssignRole(admin, ROLE_LEVEL.admin)).toBe(false);
    expect(canAssignRole(moderator, ROLE_LEVEL.moderator)).toBe(false);
    expect(canAssignRole(member, ROLE_LEVEL.moderator)).toBe(false);
  });

  it("acts only on people of a lower role", () => {
    expect(outranks(moderator, null)).toBe(true);
    expect(outranks(moderator, ROLE_LEVEL.moderator)).toBe(false);
    expect(outranks(moderator, ROLE_LEVEL.admin)).toBe(false);
    expect(outranks(admin, ROLE_LEVEL.moderator)).toBe(true);
    expect(outranks(member, null)).toBe(false);
    expect(outranks(siteAdmin, ROLE_LEVEL.admin)).toBe(true);
    // A super_admin counts as an owner: never above the group's own owner.
    expect(outranks(siteAdmin, ROLE_LEVEL.owner)).toBe(false);
  });

  it("ranks a site super_admin as an owner, whatever their row in the group says", () => {
    expect([owner, admin, moderator, member, siteAdmin, null].map(rankInGroup)).toEqual([1, 2, 3, null, 1, null]);
    expect(rankInGroup(role(ROLE_LEVEL.moderator, { superAdmin: true }))).toBe(ROLE_LEVEL.owner);
    // Not even the group's owner outranks them.
    expect(outranks(owner, rankInGroup(siteAdmin))).toBe(false);
  });
});

describe("post abilities", () => {
  const post = { userId: 5, deletedBy: null };
  const stranger = role(null, { userId: 6 });
  const otherModerator = role(ROLE_LEVEL.moderator, { userId: 6 });

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
    expect(canDeleteThread({ id: 6 }, { userId: 5 }, otherRole(ROLE_LEVEL.moderator), true)).toBe(true);
    expect(canEditThread({ id: 6 }, { userId: 5 }, otherRole(null))).toBe(false);
  });

  it("bans only people of a lower role, never oneself", () => {
    expect(canBan({ id: 5 }, moderator, { userId: 6, level: null })).toBe(true);
    expect(canBan({ id: 5 }, moderator, { userId: 6, level: ROLE_LEVEL.moderator })).toBe(false);
    expect(canBan({ id: 5 }, admin, { userId: 6, level: ROLE_LEVEL.moderator })).toBe(true);
    expect(canBan({ id: 5 }, owner, { userId: 5, level: ROLE_LEVEL.owner })).toBe(false);
    expect(canBan({ id: 5 }, member, { userId: 6, level: null })).toBe(false);
  });

  it("changes roles as section 12 says: owner any below, admin moderators only", () => {
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, level: null }, ROLE_LEVEL.admin)).toBe(true);
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, level: ROLE_LEVEL.admin }, 0)).toBe(true);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, level: null }, ROLE_LEVEL.moderator)).toBe(true);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, level: null }, ROLE_LEVEL.admin)).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, level: ROLE_LEVEL.admin }, 0)).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, level: ROLE_LEVEL.moderator }, 0)).toBe(true);
    expect(canChangeRole({ id: 5 }, moderator, { userId: 6, level: null }, ROLE_LEVEL.moderator)).toBe(false);
    expect(canChangeRole({ id: 5 }, admin, { userId: 6, level: ROLE_LEVEL.owner }, ROLE_LEVEL.moderator)).toBe(false);
    expect(canChangeRole({ id: 5 }, owner, { userId: 6, level: null }, 0)).toBe(false);
  });
});

describe("listGroupManagers", () => {
  it("names the owner and admins once each, not moderators", () => {
    const admins = [
      { userId: 1, level: 1 },
      { userId: 2, level: 2 },
      { userId: 3, level: 3 },
    ];
    expect(listGroupManagers({ id: 1, ownerId: 1, admins })).toEqual([1, 2]);
  });
});

describe("membership and privacy (contract section 14)", () => {
  const policy = (visibility: number, joining = 0, openReadonly = "0") => ({ joining, visibility, openReadonly, hasGate: false });
  const actor = { id: 5 };

  it("readDenial: public for all; private 403 and hidden 404 for non-members; members, moderators and super_admins read", () => {
    for (const visibility of [0, 1, 2]) {
      const expected = visibility === 0 ? null : visibility === 1 ? "private" : "hidden";
      expect(readDenial(guestRole(1, policy(visibility)))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility) }))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility), pending: true }))).toBe(expected);
      expect(readDenial(role(null, { policy: policy(visibility), member: true }))).toBeNull();
      expect(readDenial(role(ROLE_LEVEL.moderator, { policy: policy(visibility) }))).toBeNull();
      expect(readDenial(role(null, { policy: policy(visibility), superAdmin: true }))).toBeNull();
    }
    expect(canSeeGroup(role(null, { policy: policy(1) }))).toBe(true);
    expect(canSeeGroup(role(null, { policy: policy(2) }))).toBe(false);
  });

  it("canPost: members only where joining is not open, the group is read-only for non-members, or not public", () => {
    expect(canPost(actor, role(null))).toBe(true);
    for (const other of [policy(0, 1), policy(0, 2), policy(0, 3), policy(0, 0, "1"), policy(1)]) {
      expect(canPost(actor, role(null, { policy: other }))).toBe(false);
      expect(canPost(actor, role(null, { policy: other, member: true }))).toBe(true);
      expect(canPost(actor, role(null, { policy: other, member: true, banned: true }))).toBe(false);
    }
  });

  it("permissionLevel: the role's level, 4 for a plain member, 0 for anyone else", () => {
    expect(permissionLevel(owner)).toBe("1");
    expect(permissionLevel(moderator)).toBe("3");
    expect(permissionLevel(role(null, { member: true }))).toBe("4");
    expect(permissionLevel(role(null))).toBe("0");
    expect(permissionLevel(guestRole(1))).toBe("0");
  });
});
