import { describe, expect, it } from "vitest";
import {
  canAssignRole,
  canDeletePost,
  canEditPost,
  canManageGroup,
  canModerate,
  canPost,
  canReadThread,
  listGroupManagers,
  outranks,
  ROLE_LEVEL,
  type GroupRole,
} from "@/lib/auth/permissions";

const role = (level: number | null, extra: Partial<GroupRole> = {}): GroupRole => ({ groupId: 1, userId: 5, level, superAdmin: false, ...extra });
const owner = role(ROLE_LEVEL.owner);
const admin = role(ROLE_LEVEL.admin);
const moderator = role(ROLE_LEVEL.moderator);
const member = role(null);
const siteAdmin = role(null, { superAdmin: true });

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
    expect(outranks(siteAdmin, ROLE_LEVEL.owner)).toBe(true);
  });
});

describe("post abilities", () => {
  const post = { userId: 5 };

  it("lets the author edit, and the author or a moderator delete", () => {
    expect(canEditPost({ id: 5 }, post)).toBe(true);
    expect(canEditPost({ id: 6 }, post)).toBe(false);
    expect(canEditPost(null, post)).toBe(false);
    expect(canDeletePost({ id: 5 }, post, member)).toBe(true);
    expect(canDeletePost({ id: 6 }, post, role(ROLE_LEVEL.moderator, { userId: 6 }))).toBe(true);
    expect(canDeletePost({ id: 6 }, post, role(null, { userId: 6 }))).toBe(false);
    expect(canDeletePost(null, post, moderator)).toBe(false);
  });

  it("lets a signed-in person post with the role loaded for them", () => {
    expect(canPost({ id: 5 }, member)).toBe(true);
    expect(canPost({ id: 6 }, member)).toBe(false);
    expect(canPost(null, member)).toBe(false);
  });

  it("hides removed threads", () => {
    expect(canReadThread({ isDelete: 0 })).toBe(true);
    expect(canReadThread({ isDelete: 1 })).toBe(false);
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
