import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { GroupAdminDto } from "@/lib/schemas/group-schemas";
import {
  BanResponseSchema,
  GroupAdminsResponseSchema,
  ModlogResponseSchema,
  ReportResponseSchema,
  ReportsResponseSchema,
} from "@/lib/schemas/moderation-schemas";
import type { ApiResponse } from "../support/api-client";
import {
  banOverHttp,
  createCast,
  createThreadWithReply,
  describePermissionMatrix,
  expectBadParam,
  expectOk,
  expectRefused,
  getAs,
  isModeratorName,
  listThreadsAs,
  makeSuperAdmin,
  postAs,
  readGroupState,
  readModlog,
  readPostAs,
  readPostState,
  readThreadAs,
  setRole,
  type Cast,
} from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createPostOverHttp, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 12, the rows about a group: the report queue and resolving reports, bans,
// the moderation team (admins) and the modlog. Refusals are checked to change nothing.

const UNKNOWN_ID = 2_000_000_000;
const DAY_MS = 86_400_000;

const reportPost = (user: TestUser, postId: number, reason = "spam") => postAs(user, `/api/v2/posts/${postId}/report`, { reason });
const listReports = (user: TestUser | undefined, groupId: number, query: Record<string, string | number> = {}) =>
  getAs(user, `/api/v2/groups/${groupId}/reports`, query);
const resolveReport = (user: TestUser | undefined, reportId: number, action: unknown) => postAs(user, `/api/v2/reports/${reportId}/resolve`, { action });
const banUser = (user: TestUser | undefined, groupId: number, body: Record<string, unknown>) => postAs(user, `/api/v2/groups/${groupId}/bans`, body);
const liftBan = (user: TestUser | undefined, groupId: number, userId: number) => postAs(user, `/api/v2/groups/${groupId}/bans/${userId}/lift`);
const changeRole = (user: TestUser | undefined, groupId: number, body: Record<string, unknown>) => postAs(user, `/api/v2/groups/${groupId}/admins`, body);
const readModlogOverHttp = (user: TestUser | undefined, groupId: number, query: Record<string, number> = {}) =>
  getAs(user, `/api/v2/groups/${groupId}/modlog`, query);

const reportOf = (response: ApiResponse<unknown>) => ReportResponseSchema.parse(response.body.data).report;
const adminsOf = (response: ApiResponse<unknown>) => GroupAdminsResponseSchema.parse(response.body.data).group_admin;
const levelsOf = (admins: GroupAdminDto[]) => Object.fromEntries(admins.map((admin) => [admin.user_id, admin.level]));

/** A request body without the fields a case leaves out. */
const withoutUndefined = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));

/** A post by `author` in the cast's group, reported once by a fresh user. */
async function reportedPost(cast: Cast, author: TestUser) {
  const { threadId, postId } = await createThreadWithReply(author, cast.group.id, "Reported words");
  const reporter = await createTestUser();
  const response = await reportPost(reporter, postId);
  expectOk(response);
  return { threadId, postId, reporter, reportId: reportOf(response).id };
}

/** The group's role levels from GET /api/v2/groups/{id} (get group info). */
async function groupInfoAdmins(groupId: number): Promise<GroupAdminDto[]> {
  const response = await getAs<{ group: { group_admin: GroupAdminDto[] } }>(undefined, `/api/v2/groups/${groupId}`);
  expectOk(response);
  return response.body.data.group.group_admin;
}

let cast: Cast;
const getCast = () => cast;

beforeAll(async () => {
  cast = await createCast();
});

describe("who may run a group (contract section 12's permission matrix)", () => {
  describePermissionMatrix("GET /api/v2/groups/{group_id}/reports", getCast, {
    allowed: ["moderator", "admin", "owner"],
    arrange: reportedPost,
    act: (actor, target, c) => listReports(actor, c.group.id),
    state: (_target, c) => readGroupState(c.group.id),
    expectDone({ response, target }) {
      expect(ReportsResponseSchema.parse(response.body.data).reports[0]).toMatchObject({ id: target.reportId, post_id: target.postId, status: "open" });
    },
  });

  describePermissionMatrix("POST /api/v2/reports/{report_id}/resolve", getCast, {
    allowed: ["moderator", "admin", "owner"],
    arrange: reportedPost,
    act: (actor, target) => resolveReport(actor, target.reportId, "dismiss"),
    state: async (target, c) => ({ post: await readPostState(target.postId), group: await readGroupState(c.group.id) }),
    async expectDone({ response, target, cast: c, actor }) {
      expect(reportOf(response)).toMatchObject({ id: target.reportId, status: "resolved" });
      expect(await readPostState(target.postId)).toMatchObject({
        post: { deleted: 0, reportCount: 0 },
        reports: [{ status: "resolved", resolution: "dismiss" }],
      });
      expect((await readModlog(c.group.id))[0]).toEqual({ action: "resolve_report", targetType: "report", targetId: target.reportId, moderatorId: actor.id });
    },
  });

  describePermissionMatrix("POST /api/v2/groups/{group_id}/bans against a member", getCast, {
    allowed: ["moderator", "admin", "owner"],
    arrange: () => createTestUser(),
    act: (actor, target, c) => banUser(actor, c.group.id, { user_id: target.id, reason: "Spamming", days: 3 }),
    state: (_target, c) => readGroupState(c.group.id),
    async expectDone({ response, target, cast: c, actor }) {
      const { ban } = BanResponseSchema.parse(response.body.data);
      expect(ban).toMatchObject({ user_id: target.id, reason: "Spamming" });
      expect(Math.abs(Date.parse(ban.until!) - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
      expect((await readModlog(c.group.id))[0]).toEqual({ action: "ban_user", targetType: "user", targetId: target.id, moderatorId: actor.id });
    },
  });

  describePermissionMatrix("POST /api/v2/groups/{group_id}/bans/{user_id}/lift", getCast, {
    allowed: ["moderator", "admin", "owner"],
    async arrange(c) {
      const target = await createTestUser();
      await banOverHttp(c.owner, c.group.id, target);
      return target;
    },
    act: (actor, target, c) => liftBan(actor, c.group.id, target.id),
    state: (_target, c) => readGroupState(c.group.id),
    async expectDone({ response, target, cast: c, actor }) {
      expect(response.body.data).toEqual({});
      expect((await readGroupState(c.group.id)).bans.map((ban) => ban.userId)).not.toContain(target.id);
      expect((await readModlog(c.group.id))[0]).toEqual({ action: "lift_ban", targetType: "user", targetId: target.id, moderatorId: actor.id });
    },
  });

  const roleRow = (level: 0 | 2 | 3, allowed: ("admin" | "owner")[], startLevel: 0 | 2 | 3) => ({
    allowed,
    async arrange(c: Cast) {
      const target = await createTestUser();
      if (startLevel !== 0) await setRole(c.owner, c.group.id, target, startLevel);
      return target;
    },
    act: (actor: TestUser | undefined, target: TestUser, c: Cast) => changeRole(actor, c.group.id, { user_id: target.id, level }),
    state: (_target: TestUser, c: Cast) => readGroupState(c.group.id),
    async expectDone({ response, target, cast: c, actor }: { response: ApiResponse<unknown>; target: TestUser; cast: Cast; actor: TestUser }) {
      const admins = adminsOf(response);
      expect(levelsOf(admins)[target.id]).toBe(level === 0 ? undefined : level);
      expect(admins).toEqual(await groupInfoAdmins(c.group.id));
      expect((await readModlog(c.group.id))[0]).toEqual({ action: "set_role", targetType: "user", targetId: target.id, moderatorId: actor.id });
    },
  });
  describePermissionMatrix("POST /api/v2/groups/{group_id}/admins making a member a moderator (level 3)", getCast, roleRow(3, ["admin", "owner"], 0));
  describePermissionMatrix("POST /api/v2/groups/{group_id}/admins making a member an admin (level 2)", getCast, roleRow(2, ["owner"], 0));
  describePermissionMatrix("POST /api/v2/groups/{group_id}/admins removing a moderator (level 0)", getCast, roleRow(0, ["admin", "owner"], 3));
  describePermissionMatrix("POST /api/v2/groups/{group_id}/admins removing an admin (level 0)", getCast, roleRow(0, ["owner"], 2));
  describePermissionMatrix("POST /api/v2/groups/{group_id}/admins demoting an admin to moderator (level 3)", getCast, roleRow(3, ["owner"], 2));

  describePermissionMatrix("GET /api/v2/groups/{group_id}/modlog", getCast, {
    allowed: ["author", "stranger", "moderator", "admin", "owner", "banned user", "banned author", "signed out"],
    async arrange(c, author) {
      const thread = await createThreadOverHttp(author, c.group.id);
      expectOk(await postAs(c.moderator, `/api/v2/threads/${thread.id}/pin`, { pinned: 1 }));
      return thread;
    },
    act: (actor, _thread, c) => readModlogOverHttp(actor, c.group.id, { per_page: 100 }),
    state: (_thread, c) => readGroupState(c.group.id),
    expectDone({ response, target, cast: c, actorName }) {
      const { entries } = ModlogResponseSchema.parse(response.body.data);
      const pin = entries.find((entry) => entry.action === "pin_thread" && entry.target_id === target.id);
      const moderator = isModeratorName(actorName) ? { id: c.moderator.id, username: c.moderator.username } : null;
      expect(pin).toMatchObject({ target_type: "thread", moderator });
      // Nobody but a moderator learns who did anything.
      if (!isModeratorName(actorName)) expect(entries.every((entry) => entry.moderator === null)).toBe(true);
    },
  });
});

describe("the report queue: GET /api/v2/groups/{group_id}/reports and POST /api/v2/reports/{report_id}/resolve", () => {
  let team: Cast;

  beforeAll(async () => {
    team = await createCast();
  });

  it("lists open reports newest first, with the reporter and the thread, and resolved ones on request", async () => {
    const { threadId, postId } = await createThreadWithReply(team.author, team.group.id);
    const first = reportOf(await postAs(team.stranger, `/api/v2/posts/${postId}/report`, { reason: "abuse", note: "Insults" }));
    const second = reportOf(await reportPost(team.owner, postId, "other"));
    const response = await listReports(team.moderator, team.group.id);
    expectOk(response);
    const { reports } = ReportsResponseSchema.strict().parse(response.body.data);
    const reporter = (user: TestUser) => ({ id: user.id, username: user.username });
    expect(reports).toMatchObject([
      { id: second.id, post_id: postId, thread_id: threadId, reason: "other", note: "", status: "open", reporter: reporter(team.owner) },
      { id: first.id, post_id: postId, thread_id: threadId, reason: "abuse", note: "Insults", status: "open", reporter: reporter(team.stranger) },
    ]);

    expectOk(await resolveReport(team.moderator, first.id, "dismiss"));
    const open = ReportsResponseSchema.parse((await listReports(team.admin, team.group.id, { status: "open" })).body.data).reports;
    const resolved = ReportsResponseSchema.parse((await listReports(team.admin, team.group.id, { status: "resolved" })).body.data).reports;
    expect(open.map((report) => report.id)).toEqual([second.id]);
    expect(resolved).toMatchObject([{ id: first.id, status: "resolved" }]);
    const paged = ReportsResponseSchema.parse((await listReports(team.owner, team.group.id, { status: "resolved", page: 2, per_page: 1 })).body.data);
    expect(paged.reports).toEqual([]);
  });

  it("dismissing leaves the post, counts the report out of total_report and writes one modlog entry", async () => {
    const { threadId, postId, reportId } = await reportedPost(team, team.author);
    expectOk(await reportPost(team.stranger, postId));
    expect(await readPostAs(undefined, team.group, threadId, postId)).toMatchObject({ total_report: 2 });
    expect(reportOf(await resolveReport(team.moderator, reportId, "dismiss"))).toMatchObject({ id: reportId, status: "resolved" });
    expect(await readPostAs(undefined, team.group, threadId, postId)).toMatchObject({ deleted: 0, total_report: 1 });
    expect((await readModlog(team.group.id))[0]).toEqual({
      action: "resolve_report",
      targetType: "report",
      targetId: reportId,
      moderatorId: team.moderator.id,
    });
  });

  it("delete_post deletes the post as a moderator and closes every open report on it", async () => {
    const { threadId, postId, reportId } = await reportedPost(team, team.author);
    expectOk(await reportPost(team.stranger, postId, "abuse"));
    expect(reportOf(await resolveReport(team.admin, reportId, "delete_post"))).toMatchObject({ id: reportId, status: "resolved" });
    expect(await readPostAs(undefined, team.group, threadId, postId)).toMatchObject({
      deleted: 2,
      deleted_by: { id: team.admin.id },
      content: "[]",
      total_report: 0,
    });
    expect(await readPostState(postId)).toMatchObject({
      post: { deleted: 2, deletedById: team.admin.id, reportCount: 0 },
      reports: [
        { status: "resolved", resolution: "delete_post" },
        { status: "resolved", resolution: "delete_post" },
      ],
    });
    expect((await readModlog(team.group.id)).slice(0, 2).map((entry) => entry.action)).toEqual(["resolve_report", "delete_post"]);
  });

  it("answers an already resolved report unchanged, whatever the second action", async () => {
    const { postId, reportId } = await reportedPost(team, team.author);
    const resolved = reportOf(await resolveReport(team.moderator, reportId, "dismiss"));
    const before = { post: await readPostState(postId), modlog: await readModlog(team.group.id) };
    expect(reportOf(await resolveReport(team.owner, reportId, "delete_post"))).toEqual(resolved);
    expect(reportOf(await resolveReport(team.moderator, reportId, "dismiss"))).toEqual(resolved);
    expect({ post: await readPostState(postId), modlog: await readModlog(team.group.id) }).toEqual(before);
  });

  it.each([
    ["action nope", { action: "nope" }, "action"],
    ["no action", {}, "action"],
  ])("refuses %s with 400 naming the parameter, changing nothing", async (_label, body, parameter) => {
    const { postId, reportId } = await reportedPost(team, team.author);
    const before = { post: await readPostState(postId), modlog: await readModlog(team.group.id) };
    expectBadParam(await postAs(team.moderator, `/api/v2/reports/${reportId}/resolve`, body), parameter);
    expect({ post: await readPostState(postId), modlog: await readModlog(team.group.id) }).toEqual(before);
  });

  it("refuses a queue status other than open or resolved with 400 naming status", async () => {
    expectBadParam(await listReports(team.moderator, team.group.id, { status: "closed" }), "status");
  });

  it("answers 404 40400 for an unknown report or group", async () => {
    expectRefused(await resolveReport(team.moderator, UNKNOWN_ID, "dismiss"), 40400);
    expectRefused(await listReports(team.moderator, UNKNOWN_ID), 40400);
  });

  it("resolves 20 reports handled at once by two moderators exactly once each, total_report never below 0", async () => {
    const { postId } = await createThreadWithReply(team.author, team.group.id, "Reported by many");
    const reporters = await Promise.all(Array.from({ length: 20 }, () => createTestUser()));
    const reportIds = (await Promise.all(reporters.map((user) => reportPost(user, postId)))).map((response) => reportOf(response).id);
    expect((await readPostState(postId)).post.reportCount).toBe(20);
    const modlogBefore = (await readModlog(team.group.id)).length;

    const db = await getDb();
    const seen: number[] = [];
    let storming = true;
    const watcher = (async () => {
      while (storming) {
        seen.push((await db.post.findUniqueOrThrow({ where: { id: postId }, select: { reportCount: true } })).reportCount);
      }
    })();
    const answers = await Promise.all(reportIds.flatMap((id) => [resolveReport(team.moderator, id, "dismiss"), resolveReport(team.admin, id, "dismiss")]));
    storming = false;
    await watcher;

    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    const state = await readPostState(postId);
    expect(state.post).toMatchObject({ reportCount: 0, deleted: 0 });
    expect(state.reports.every((report) => report.status === "resolved")).toBe(true);
    const entries = await readModlog(team.group.id);
    expect(entries.length - modlogBefore).toBe(20);
    expect(new Set(entries.slice(0, 20).map((entry) => entry.targetId))).toEqual(new Set(reportIds));
  });

  it("ends at total_report 0 when one moderator deletes the post through a report while another dismisses the rest", async () => {
    const { postId } = await createThreadWithReply(team.author, team.group.id, "Reported and removed");
    const reporters = await Promise.all(Array.from({ length: 20 }, () => createTestUser()));
    const reportIds = (await Promise.all(reporters.map((user) => reportPost(user, postId)))).map((response) => reportOf(response).id);
    const answers = await Promise.all([
      ...reportIds.map((id) => resolveReport(team.admin, id, "dismiss")),
      resolveReport(team.moderator, reportIds[10]!, "delete_post"),
      resolveReport(team.owner, reportIds[3]!, "delete_post"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(22).fill(200));
    const state = await readPostState(postId);
    expect(state.post.reportCount).toBe(0);
    expect(state.reports.every((report) => report.status === "resolved")).toBe(true);
    // Whether a delete_post won the race decides deleted: 2 then, 0 when every report was already dismissed.
    const deletedThroughReport = state.reports.some((report) => report.resolution === "delete_post");
    expect(state.post.deleted).toBe(deletedThroughReport ? 2 : 0);
  });
});

describe("bans: POST /api/v2/groups/{group_id}/bans and /bans/{user_id}/lift", () => {
  it("stops a banned user posting, liking, reporting and creating threads in the group, changing nothing, while they can still read", async () => {
    const target = await createTestUser();
    const { threadId, postId } = await createThreadWithReply(cast.author, cast.group.id, "Read me");
    const own = await createThreadWithReply(target, cast.group.id, "Mine, before the ban");
    const ban = BanResponseSchema.parse((await banUser(cast.moderator, cast.group.id, { user_id: target.id, reason: "Trolling", days: 0 })).body.data).ban;
    expect(ban).toEqual({ user_id: target.id, reason: "Trolling", until: null });

    const db = await getDb();
    const snapshot = async () => ({
      post: await readPostState(postId),
      threads: await db.thread.count({ where: { groupId: cast.group.id } }),
      posts: await db.post.count({ where: { groupId: cast.group.id } }),
    });
    const before = await snapshot();
    expectRefused(await postAs(target, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Let me in") }), 40300);
    expectRefused(await postAs(target, `/api/v2/posts/${postId}/like`), 40300);
    expectRefused(await postAs(target, `/api/v2/posts/${postId}/report`, { reason: "spam" }), 40300);
    expectRefused(await postAs(target, `/api/v2/groups/${cast.group.id}/threads/create`, { title: "New", content: textDelta("Banned thread") }), 40300);
    expect(await snapshot()).toEqual(before);

    expect((await readThreadAs(target, cast.group, threadId)).status).toBe(200);
    expect((await listThreadsAs(target, cast.group.id)).map((item) => item.id)).toContain(threadId);
    expectOk(await getAs(target, `/api/v2/posts/${postId}/revisions`));
    // Their posts say so while the ban lasts.
    expect(await readPostAs(undefined, cast.group, own.threadId, own.postId)).toMatchObject({ is_ban: 1 });
    expect(await readPostAs(undefined, cast.group, threadId, postId)).toMatchObject({ is_ban: 0 });

    expectOk(await liftBan(cast.moderator, cast.group.id, target.id));
    expectOk(await postAs(target, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Back again") }));
    expect(await readPostAs(undefined, cast.group, own.threadId, own.postId)).toMatchObject({ is_ban: 0 });
  });

  it("bans in one group only: the user still posts elsewhere", async () => {
    const target = await createTestUser();
    await banOverHttp(cast.owner, cast.group.id, target);
    const elsewhereOwner = await createTestUser();
    const elsewhere = await elsewhereOwner.createGroup();
    const thread = await createThreadOverHttp(elsewhereOwner, elsewhere);
    await createPostOverHttp(target, thread.id, "Free here");
  });

  it("replaces a ban when banned again, and lifting a ban that is not there changes nothing", async () => {
    const target = await createTestUser();
    expectOk(await banUser(cast.moderator, cast.group.id, { user_id: target.id, days: 1 }));
    const again = BanResponseSchema.parse((await banUser(cast.admin, cast.group.id, { user_id: target.id, reason: "Longer", days: 0 })).body.data).ban;
    expect(again).toEqual({ user_id: target.id, reason: "Longer", until: null });
    const bans = (await readGroupState(cast.group.id)).bans.filter((ban) => ban.userId === target.id);
    expect(bans).toEqual([{ userId: target.id, until: null, reason: "Longer" }]);

    const stranger = await createTestUser();
    const before = { group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) };
    expectOk(await liftBan(cast.moderator, cast.group.id, stranger.id));
    expect({ group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });

  it("leaves one ban when three moderators ban the same person 12 times at once, each ban logged", async () => {
    const target = await createTestUser();
    const before = (await readModlog(cast.group.id)).length;
    const bannedBy = [cast.moderator, cast.admin, cast.owner];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => banUser(bannedBy[index % 3]!, cast.group.id, { user_id: target.id, reason: `Ban ${index}`, days: index % 2 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect((await readGroupState(cast.group.id)).bans.filter((ban) => ban.userId === target.id)).toHaveLength(1);
    const entries = await readModlog(cast.group.id);
    expect(entries.length - before).toBe(12);
    expect(entries.slice(0, 12).every((entry) => entry.action === "ban_user" && entry.targetId === target.id)).toBe(true);
  });

  it("treats a ban whose days have run out as lifted", async () => {
    const target = await createTestUser();
    await banOverHttp(cast.owner, cast.group.id, target, 1);
    const { threadId } = await createThreadWithReply(cast.author, cast.group.id);
    expectRefused(await postAs(target, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Too soon") }), 40300);
    await (await getDb()).groupBan.updateMany({ where: { groupId: cast.group.id, userId: target.id }, data: { until: new Date(Date.now() - 1000) } });
    expectOk(await postAs(target, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Time served") }));
  });

  // [who bans, whom, allowed]: never someone of the same or a higher role (owner 1, admin 2, moderator 3).
  describe.each([
    ["a moderator", "another moderator", false],
    ["a moderator", "an admin", false],
    ["a moderator", "the owner", false],
    ["a moderator", "themselves", false],
    ["a moderator", "a site super_admin", false],
    ["an admin", "a moderator", true],
    ["an admin", "another admin", false],
    ["an admin", "the owner", false],
    ["the owner", "an admin", true],
    ["the owner", "a moderator", true],
    ["the owner", "a site super_admin", false],
    ["a site super_admin", "an admin", true],
    ["a site super_admin", "the owner", false],
  ] as const)("%s banning %s", (who, whom, allowed) => {
    it(allowed ? "is allowed" : "is refused with 403, changing nothing", async () => {
      const team = await createCast();
      const promoted = async (level: 2 | 3) => {
        const user = await createTestUser();
        await setRole(team.owner, team.group.id, user, level);
        return user;
      };
      const person = async (name: string): Promise<TestUser> => {
        if (name.includes("super_admin")) {
          const user = await createTestUser();
          await makeSuperAdmin(user);
          return user;
        }
        if (name === "the owner") return team.owner;
        if (name === "another admin") return promoted(2);
        if (name === "an admin") return team.admin;
        if (name === "another moderator") return promoted(3);
        return team.moderator;
      };
      const actor = await person(who);
      const target = await person(whom);
      const before = { group: await readGroupState(team.group.id), modlog: await readModlog(team.group.id) };
      const response = await banUser(actor, team.group.id, { user_id: target.id, reason: "Rank test" });
      if (allowed) {
        expectOk(response);
        expect((await readGroupState(team.group.id)).bans.map((ban) => ban.userId)).toContain(target.id);
      } else {
        expectRefused(response, 40300);
        expect({ group: await readGroupState(team.group.id), modlog: await readModlog(team.group.id) }).toEqual(before);
      }
    });
  });

  it.each([
    ["days -1", { days: -1 }, "days"],
    ["days 1.5", { days: 1.5 }, "days"],
    ["no user_id", { user_id: undefined }, "user_id"],
    ["a reason longer than 500 characters", { reason: "x".repeat(501) }, "reason"],
  ])("refuses %s with 400 naming the parameter, changing nothing", async (_label, overrides, parameter) => {
    const target = await createTestUser();
    const body = withoutUndefined({ user_id: target.id, reason: "Bad params", days: 2, ...overrides });
    const before = { group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) };
    expectBadParam(await banUser(cast.moderator, cast.group.id, body), parameter);
    expect({ group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });

  it("answers 404 40400 for an unknown user or group", async () => {
    const before = await readGroupState(cast.group.id);
    expectRefused(await banUser(cast.moderator, cast.group.id, { user_id: UNKNOWN_ID }), 40400);
    expectRefused(await banUser(cast.owner, UNKNOWN_ID, { user_id: cast.author.id }), 40400);
    expectRefused(await liftBan(cast.moderator, cast.group.id, UNKNOWN_ID), 40400);
    expectRefused(await liftBan(cast.owner, UNKNOWN_ID, cast.banned.id), 40400);
    expect(await readGroupState(cast.group.id)).toEqual(before);
  });
});

describe("roles: POST /api/v2/groups/{group_id}/admins", () => {
  it("lets the owner name an admin, make them a moderator and remove them, answering group_admin as get group info does", async () => {
    const team = await createCast();
    const helper = await createTestUser();
    const asAdmin = adminsOf(await changeRole(team.owner, team.group.id, { user_id: helper.id, level: 2 }));
    expect(asAdmin).toContainEqual(expect.objectContaining({ user_id: helper.id, level: 2, group_id: team.group.id, deleted_at: null }));
    expect(asAdmin).toEqual(await groupInfoAdmins(team.group.id));
    expect(levelsOf(adminsOf(await changeRole(team.owner, team.group.id, { user_id: helper.id, level: "3" })))[helper.id]).toBe(3);
    const removed = adminsOf(await changeRole(team.owner, team.group.id, { user_id: helper.id, level: 0 }));
    expect(levelsOf(removed)).toEqual({ [team.owner.id]: 1, [team.admin.id]: 2, [team.moderator.id]: 3 });
    expect(removed).toEqual(await groupInfoAdmins(team.group.id));
    expect((await readModlog(team.group.id)).filter((entry) => entry.targetId === helper.id).map((entry) => [entry.action, entry.moderatorId])).toEqual([
      ["set_role", team.owner.id],
      ["set_role", team.owner.id],
      ["set_role", team.owner.id],
    ]);
  });

  it("gives and takes a moderator's powers with the role", async () => {
    const team = await createCast();
    const helper = await createTestUser();
    const thread = await createThreadOverHttp(team.author, team.group.id);
    expectRefused(await postAs(helper, `/api/v2/threads/${thread.id}/pin`, { pinned: 1 }), 40300);
    await setRole(team.admin, team.group.id, helper, 3);
    expectOk(await postAs(helper, `/api/v2/threads/${thread.id}/pin`, { pinned: 1 }));
    expectOk(await listReports(helper, team.group.id));
    await setRole(team.admin, team.group.id, helper, 0);
    expectRefused(await postAs(helper, `/api/v2/threads/${thread.id}/pin`, { pinned: 0 }), 40300);
    expectRefused(await listReports(helper, team.group.id), 40300);
  });

  it("gives a role once when the owner asks 10 times at once", async () => {
    const team = await createCast();
    const helper = await createTestUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => changeRole(team.owner, team.group.id, { user_id: helper.id, level: 3 })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await readGroupState(team.group.id)).admins.filter((admin) => admin.userId === helper.id)).toEqual([{ userId: helper.id, level: 3 }]);
    expect((await readModlog(team.group.id)).filter((entry) => entry.targetId === helper.id && entry.action === "set_role")).toHaveLength(1);
  });

  it("lets a site super_admin act as the group's owner", async () => {
    const team = await createCast();
    const superAdmin = await createTestUser();
    await makeSuperAdmin(superAdmin);
    const helper = await createTestUser();
    expect(levelsOf(adminsOf(await changeRole(superAdmin, team.group.id, { user_id: helper.id, level: 2 })))[helper.id]).toBe(2);
    const thread = await createThreadOverHttp(team.author, team.group.id);
    expectOk(await postAs(superAdmin, `/api/v2/threads/${thread.id}/lock`, { locked: 1 }));
  });

  it.each([
    ["the owner changing their own role", "owner", "owner", 2],
    ["an admin changing their own role", "admin", "admin", 3],
    ["a site super_admin changing the owner's role", "super_admin", "owner", 3],
  ] as const)("refuses %s with 403, changing nothing", async (_label, who, whom, level) => {
    const team = await createCast();
    let actor: TestUser = team[who === "super_admin" ? "owner" : who];
    if (who === "super_admin") {
      actor = await createTestUser();
      await makeSuperAdmin(actor);
    }
    const target = team[whom];
    const before = { group: await readGroupState(team.group.id), modlog: await readModlog(team.group.id) };
    expectRefused(await changeRole(actor, team.group.id, { user_id: target.id, level }), 40300);
    expect({ group: await readGroupState(team.group.id), modlog: await readModlog(team.group.id) }).toEqual(before);
  });

  it.each([
    ["level 1", { level: 1 }, "level"],
    ["level 4", { level: 4 }, "level"],
    ["no level", { level: undefined }, "level"],
    ["no user_id", { user_id: undefined }, "user_id"],
  ])("refuses %s with 400 naming the parameter, changing nothing", async (_label, overrides, parameter) => {
    const target = await createTestUser();
    const body = withoutUndefined({ user_id: target.id, level: 3, ...overrides });
    const before = { group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) };
    expectBadParam(await changeRole(cast.owner, cast.group.id, body), parameter);
    expect({ group: await readGroupState(cast.group.id), modlog: await readModlog(cast.group.id) }).toEqual(before);
  });

  it("answers 404 40400 for an unknown user or group", async () => {
    const before = await readGroupState(cast.group.id);
    expectRefused(await changeRole(cast.owner, cast.group.id, { user_id: UNKNOWN_ID, level: 3 }), 40400);
    expectRefused(await changeRole(cast.owner, UNKNOWN_ID, { user_id: cast.author.id, level: 3 }), 40400);
    expect(await readGroupState(cast.group.id)).toEqual(before);
  });
});

describe("the modlog: GET /api/v2/groups/{group_id}/modlog", () => {
  it("holds one entry per moderator action, newest first, and none for what authors do to their own posts and threads", async () => {
    const team = await createCast();
    const mod = team.moderator;
    const { thread, postId } = await createThreadWithReply(team.author, team.group.id, "Watched");
    const entriesBefore = (await readModlog(team.group.id)).length;

    // What the author does to their own things is not moderation.
    expectOk(await postAs(team.author, `/api/v2/posts/${postId}/edit`, { content: textDelta("Edited by me") }));
    expectOk(await postAs(team.author, `/api/v2/threads/${thread.id}/edit`, { title: "My own title" }));
    expectOk(await postAs(team.author, `/api/v2/posts/${postId}/delete`));
    expectOk(await postAs(team.author, `/api/v2/posts/${postId}/restore`));
    expect((await readModlog(team.group.id)).length).toBe(entriesBefore);

    const troll = await createTestUser();
    const helper = await createTestUser();
    const steps: [string, string, number][] = [];
    const step = async (response: Promise<ApiResponse<unknown>>, action: string, targetType: string, targetId: number) => {
      expectOk(await response);
      steps.unshift([action, targetType, targetId]);
    };
    await step(postAs(mod, `/api/v2/posts/${postId}/delete`, { reason: "Off topic" }), "delete_post", "post", postId);
    await step(postAs(mod, `/api/v2/posts/${postId}/restore`), "restore_post", "post", postId);
    await step(postAs(mod, `/api/v2/threads/${thread.id}/pin`, { pinned: 1 }), "pin_thread", "thread", thread.id);
    await step(postAs(mod, `/api/v2/threads/${thread.id}/lock`, { locked: 1 }), "lock_thread", "thread", thread.id);
    await step(postAs(mod, `/api/v2/threads/${thread.id}/edit`, { title: "Retitled by a moderator" }), "edit_thread", "thread", thread.id);
    // Reported only now: the moderator's delete above closed the reports open at that time.
    const reportId = reportOf(await reportPost(team.stranger, postId)).id;
    await step(resolveReport(mod, reportId, "dismiss"), "resolve_report", "report", reportId);
    await step(banUser(mod, team.group.id, { user_id: troll.id, reason: "Trolling" }), "ban_user", "user", troll.id);
    await step(liftBan(mod, team.group.id, troll.id), "lift_ban", "user", troll.id);
    await step(changeRole(team.admin, team.group.id, { user_id: helper.id, level: 3 }), "set_role", "user", helper.id);

    const asModerator = ModlogResponseSchema.strict().parse((await readModlogOverHttp(mod, team.group.id, { per_page: 100 })).body.data).entries;
    const fresh = asModerator.slice(0, steps.length);
    expect(fresh.map((entry) => [entry.action, entry.target_type, entry.target_id])).toEqual(steps);
    expect(asModerator).toHaveLength(entriesBefore + steps.length);
    expect(fresh.map((entry) => entry.moderator)).toEqual([
      { id: team.admin.id, username: team.admin.username },
      ...Array(steps.length - 1).fill({ id: mod.id, username: mod.username }),
    ]);
    expect(fresh.find((entry) => entry.action === "ban_user")).toMatchObject({ reason: "Trolling" });
    expect(fresh.find((entry) => entry.action === "delete_post")).toMatchObject({ reason: "Off topic" });
    for (let index = 1; index < asModerator.length; index += 1) expect(asModerator[index - 1]!.id).toBeGreaterThan(asModerator[index]!.id);

    for (const viewer of [undefined, team.stranger, team.author, team.banned]) {
      const entries = ModlogResponseSchema.parse((await readModlogOverHttp(viewer, team.group.id, { per_page: 100 })).body.data).entries;
      expect(entries).toEqual(asModerator.map((entry) => ({ ...entry, moderator: null })));
    }
    for (const viewer of [team.owner, team.admin]) {
      expect(ModlogResponseSchema.parse((await readModlogOverHttp(viewer, team.group.id, { per_page: 100 })).body.data).entries).toEqual(asModerator);
    }

    const page2 = ModlogResponseSchema.parse((await readModlogOverHttp(undefined, team.group.id, { page: 2, per_page: 2 })).body.data).entries;
    expect(page2.map((entry) => entry.id)).toEqual(asModerator.slice(2, 4).map((entry) => entry.id));
  });

  it("answers 404 40400 for an unknown group and 400 naming per_page for a bad page size", async () => {
    expectRefused(await readModlogOverHttp(undefined, UNKNOWN_ID), 40400);
    expectBadParam(await readModlogOverHttp(undefined, cast.group.id, { per_page: 0 }), "per_page");
  });
});
