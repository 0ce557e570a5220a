import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { TagSchema, type TagDto } from "@/lib/schemas/tag-schemas";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, makeSuperAdmin, postAs, readModlog, type Cast } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup } from "../support/thread-helpers";

// Contract section 18, "Tags": a group's vocabulary. Reads follow the group's privacy (section
// 14), writes are its admins' (owner, admins, a site super_admin), each refusal changes nothing.

let cast: Cast;
const base = () => `/api/v2/groups/${cast.group.id}/tags`;

async function createTagAs(user: TestUser, body: Record<string, unknown>, groupId = cast.group.id): Promise<TagDto> {
  const response = await postAs<{ tag: TagDto }>(user, `/api/v2/groups/${groupId}/tags`, body);
  expectOk(response);
  return TagSchema.parse(response.body.data.tag);
}

async function listed(user?: TestUser): Promise<TagDto[]> {
  const response = await getAs<{ tags: TagDto[] }>(user, base());
  expectOk(response);
  return response.body.data.tags.map((tag) => TagSchema.parse(tag));
}

/** Every tag row of the group and the modlog's length: what a refusal must leave alone. */
async function tagState() {
  const db = await getDb();
  const tags = await db.tag.findMany({ where: { groupId: cast.group.id }, orderBy: { id: "asc" } });
  return { tags, modlog: (await readModlog(cast.group.id)).length };
}

beforeAll(async () => {
  cast = await createCast();
});

beforeEach(async () => {
  await (await getDb()).tag.deleteMany({ where: { groupId: cast.group.id } });
});

describe("POST /api/v2/groups/{group_id}/tags", () => {
  it("creates a tag with defaults, trimmed, after the last, and logs it", async () => {
    const first = await createTagAs(cast.owner, { name: "  Help wanted " });
    expect(first).toEqual({ id: first.id, name: "Help wanted", color: "", description: "", restricted: 0, thread_count: 0, order: 1 });
    const second = await createTagAs(cast.admin, { name: "Ännouncements_2026-x", color: "#A1b2C3", description: " Official news ", restricted: "1" });
    expect(second).toMatchObject({ name: "Ännouncements_2026-x", color: "#A1b2C3", description: "Official news", restricted: 1, order: 2 });
    expect((await listed()).map((tag) => tag.id)).toEqual([first.id, second.id]);
    expect((await readModlog(cast.group.id)).slice(0, 2)).toEqual([
      { action: "create_tag", targetType: "tag", targetId: second.id, moderatorId: cast.admin.id },
      { action: "create_tag", targetType: "tag", targetId: first.id, moderatorId: cast.owner.id },
    ]);
  });

  it("takes letters of any script, digits, spaces, - and _, up to 30 characters", async () => {
    for (const name of ["日本語", "Ελληνικά 2", "a", "x".repeat(30), "hi-there_you", "हिन्दी"]) await createTagAs(cast.owner, { name });
    expect(await listed()).toHaveLength(6);
  });

  it.each([
    ["an empty name", { name: "" }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["no name", {}, "name"],
    ["a 31-character name", { name: "x".repeat(31) }, "name"],
    ["punctuation", { name: "c++" }, "name"],
    ["an emoji", { name: "fire🔥" }, "name"],
    ["a tab", { name: "a\tb" }, "name"],
    ["a named color", { name: "ok", color: "red" }, "color"],
    ["a short color", { name: "ok", color: "#fff" }, "color"],
    ["a color without #", { name: "ok", color: "aabbcc" }, "color"],
    ["a 201-character description", { name: "ok", description: "d".repeat(201) }, "description"],
    ["restricted 2", { name: "ok", restricted: 2 }, "restricted"],
    ["restricted yes", { name: "ok", restricted: "yes" }, "restricted"],
  ] as const)("refuses %s with a 400 naming it, changing nothing", async (_what, body, parameter) => {
    const before = await tagState();
    expectBadParam(await postAs(cast.owner, base(), body), parameter);
    expect(await tagState()).toEqual(before);
  });

  it("answers 409 40900 for a name the group already has, in any case; another group may use it", async () => {
    await createTagAs(cast.owner, { name: "Straße Café" });
    const before = await tagState();
    for (const name of ["straße café", "STRASSE CAFÉ".replace("SS", "ß"), " Straße Café "]) {
      const response = await postAs(cast.owner, base(), { name });
      expectRefused(response, 40900);
      expect(response.body.description).toMatch(/^name\b/);
    }
    expect(await tagState()).toEqual(before);
    const other = await createNamedGroup(cast.owner);
    await createTagAs(cast.owner, { name: "straße café" }, other.id);
  });

  it("is for admins: moderators, members, strangers and the banned get 403, signed out 401, an unknown group 404", async () => {
    const before = await tagState();
    for (const user of [cast.moderator, cast.author, cast.stranger, cast.banned]) expectRefused(await postAs(user, base(), { name: "nope" }), 40300);
    expectRefused(await postAs(undefined, base(), { name: "nope" }), 40102);
    expectRefused(await postAs(cast.owner, "/api/v2/groups/2000000000/tags", { name: "nope" }), 40400);
    expect(await tagState()).toEqual(before);
  });
});

describe("POST .../tags/{tag_id}/edit and .../delete", () => {
  it('edits only the fields sent; color and description clear with ""; a case change of its own name is fine', async () => {
    const tag = await createTagAs(cast.owner, { name: "bug", color: "#ff0000", description: "Broken things", restricted: 1 });
    const renamed = await postAs<{ tag: TagDto }>(cast.admin, `${base()}/${tag.id}/edit`, { name: "Bug" });
    expectOk(renamed);
    expect(renamed.body.data.tag).toEqual({ ...tag, name: "Bug" });
    const cleared = await postAs<{ tag: TagDto }>(cast.owner, `${base()}/${tag.id}/edit`, { color: "", description: "", restricted: 0 });
    expectOk(cleared);
    expect(cleared.body.data.tag).toEqual({ ...tag, name: "Bug", color: "", description: "", restricted: 0 });
    expect((await readModlog(cast.group.id))[0]).toEqual({ action: "edit_tag", targetType: "tag", targetId: tag.id, moderatorId: cast.owner.id });
  });

  it("refuses a name another tag of the group has (409), bad fields (400), non-admins (403), another group's tag (404)", async () => {
    const tag = await createTagAs(cast.owner, { name: "one" });
    await createTagAs(cast.owner, { name: "Two" });
    const other = await createNamedGroup(cast.owner);
    const foreign = await createTagAs(cast.owner, { name: "three" }, other.id);
    const before = await tagState();
    expectRefused(await postAs(cast.owner, `${base()}/${tag.id}/edit`, { name: "TWO" }), 40900);
    expectBadParam(await postAs(cast.owner, `${base()}/${tag.id}/edit`, { name: " " }), "name");
    expectBadParam(await postAs(cast.owner, `${base()}/${tag.id}/edit`, { color: "#12345g" }), "color");
    expectRefused(await postAs(cast.moderator, `${base()}/${tag.id}/edit`, { name: "mine" }), 40300);
    expectRefused(await postAs(cast.moderator, `${base()}/${tag.id}/delete`), 40300);
    expectRefused(await postAs(cast.owner, `${base()}/${foreign.id}/edit`, { name: "x" }), 40400);
    expectRefused(await postAs(cast.owner, `${base()}/${foreign.id}/delete`), 40400);
    expectRefused(await postAs(cast.owner, `${base()}/999999999/delete`), 40400);
    expect(await tagState()).toEqual(before);
  });

  it("deletes a tag: the others close ranks, and it is logged", async () => {
    const a = await createTagAs(cast.owner, { name: "a" });
    const b = await createTagAs(cast.owner, { name: "b" });
    const c = await createTagAs(cast.owner, { name: "c" });
    const deleted = await postAs(cast.admin, `${base()}/${b.id}/delete`);
    expectOk(deleted);
    expect(deleted.body.data).toEqual({});
    expect((await listed()).map((tag) => [tag.id, tag.order])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect((await readModlog(cast.group.id))[0]).toEqual({ action: "delete_tag", targetType: "tag", targetId: b.id, moderatorId: cast.admin.id });
  });
});

describe("POST .../tags/order", () => {
  it("sets the admins' order, which the list and get group info's order_tags follow; tags goes by name", async () => {
    const zeta = await createTagAs(cast.owner, { name: "zeta", color: "#000000" });
    const alpha = await createTagAs(cast.owner, { name: "Alpha" });
    const mid = await createTagAs(cast.owner, { name: "mid" });
    const ordered = await postAs<{ tags: TagDto[] }>(cast.admin, `${base()}/order`, { ids: `${mid.id},${zeta.id},${alpha.id}` });
    expectOk(ordered);
    expect(ordered.body.data.tags.map((tag) => [tag.id, tag.order])).toEqual([
      [mid.id, 1],
      [zeta.id, 2],
      [alpha.id, 3],
    ]);
    expect((await listed(cast.stranger)).map((tag) => tag.id)).toEqual([mid.id, zeta.id, alpha.id]);
    const info = await getAs<{ group: { tags: unknown[]; order_tags: unknown[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
    expectOk(info);
    const row = (tag: TagDto) => ({ id: tag.id, name: tag.name, color: tag.color, thread_count: 0 });
    expect(info.body.data.group.tags).toEqual([row(alpha), row(mid), row(zeta)]);
    expect(info.body.data.group.order_tags).toEqual([row(mid), row(zeta), row(alpha)]);
    expect((await readModlog(cast.group.id))[0]).toEqual({ action: "order_tags", targetType: "group", targetId: cast.group.id, moderatorId: cast.admin.id });
  });

  it.each([
    ["a tag missing", (ids: number[]) => `${ids[0]},${ids[1]}`],
    ["a tag twice", (ids: number[]) => `${ids[0]},${ids[1]},${ids[2]},${ids[0]}`],
    ["a repeat in place of one", (ids: number[]) => `${ids[0]},${ids[1]},${ids[1]}`],
    ["another group's or an unknown id", (ids: number[]) => `${ids[0]},${ids[1]},${ids[2]},999999999`],
    ["a word", () => "a,b"],
    ["nothing", () => ""],
  ] as const)("refuses %s with a 400 on ids", async (_what, ids) => {
    const made = [await createTagAs(cast.owner, { name: "x1" }), await createTagAs(cast.owner, { name: "x2" }), await createTagAs(cast.owner, { name: "x3" })];
    const before = await tagState();
    expectBadParam(await postAs(cast.owner, `${base()}/order`, { ids: ids(made.map((tag) => tag.id)) }), "ids");
    expect(await tagState()).toEqual(before);
  });

  it("is for admins only", async () => {
    const tag = await createTagAs(cast.owner, { name: "solo" });
    expectRefused(await postAs(cast.moderator, `${base()}/order`, { ids: String(tag.id) }), 40300);
    expectRefused(await postAs(cast.author, `${base()}/order`, { ids: String(tag.id) }), 40300);
  });
});

describe("GET /api/v2/groups/{group_id}/tags and privacy", () => {
  it("reads as the group does: 403 for a private group's non-members, 404 for a hidden one's; members read; group info lists none to them", async () => {
    const owner = await createTestUser();
    const member = await createTestUser();
    const outsider = await createTestUser();
    for (const [visibility, code] of [
      [1, 40300],
      [2, 40400],
    ] as const) {
      const group = await createNamedGroup(owner);
      const tag = await createTagAs(owner, { name: "secret" }, group.id);
      expectOk(await postAs(member, `/api/v2/groups/${group.id}/join`));
      expectOk(await postAs(owner, `/api/v2/groups/${group.id}/settings`, { visibility }));
      expectRefused(await getAs(outsider, `/api/v2/groups/${group.id}/tags`), code);
      expectRefused(await getAs(undefined, `/api/v2/groups/${group.id}/tags`), code);
      const read = await getAs<{ tags: TagDto[] }>(member, `/api/v2/groups/${group.id}/tags`);
      expectOk(read);
      expect(read.body.data.tags.map((item) => item.id)).toEqual([tag.id]);
      if (visibility === 1) {
        const info = await getAs<{ group: { tags: unknown[]; order_tags: unknown[] } }>(outsider, `/api/v2/groups/${group.id}`);
        expectOk(info);
        expect(info.body.data.group).toMatchObject({ tags: [], order_tags: [] });
      } else {
        expectRefused(await postAs(outsider, `/api/v2/groups/${group.id}/tags`, { name: "probe" }), 40400);
      }
    }
    expectRefused(await getAs(undefined, "/api/v2/groups/2000000000/tags"), 40400);
  });

  it("lets a site super_admin manage any group's tags", async () => {
    const site = await createTestUser();
    await makeSuperAdmin(site);
    const tag = await createTagAs(site, { name: "site-made" });
    expectOk(await postAs(site, `${base()}/${tag.id}/delete`));
  });
});
