import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { CategorySchema, type CategoryDto } from "@/lib/schemas/category-schemas";
import { createCategory } from "@/lib/services/categories";
import { expectedError } from "../support/api-client";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, postAs, readModlog, type Cast } from "../support/community-helpers";
import { createThreadOverHttp } from "../support/thread-helpers";

// Contract section 17, "Categories kept in order": edit, delete with a place for the threads, and
// the display order; admins only, each a modlog entry, and every refusal changes nothing.

type CategoryList = { category: CategoryDto[] };

let cast: Cast;
/** news, help (with faq and, under faq, deep), misc: a fresh tree for each test. */
let ids: { news: number; help: number; faq: number; deep: number; misc: number };

const base = () => `/api/v2/groups/${cast.group.id}/categories`;

async function listed(): Promise<{ id: number; name: string; parent: number | ""; order: string }[]> {
  const response = await getAs<CategoryList>(undefined, base());
  expectOk(response);
  return response.body.data.category.map((item) => ({ id: item.id, name: item.name, parent: item.parent_id, order: item.order }));
}

async function treeState() {
  const db = await getDb();
  const categories = await db.category.findMany({
    where: { groupId: cast.group.id },
    orderBy: { id: "asc" },
    select: { id: true, name: true, parentId: true, order: true },
  });
  const threads = await db.thread.findMany({ where: { groupId: cast.group.id }, orderBy: { id: "asc" }, select: { id: true, categoryId: true } });
  return { categories, threads, modlog: (await readModlog(cast.group.id)).length };
}

beforeEach(async () => {
  cast ??= await createCast();
  const db = await getDb();
  await db.thread.updateMany({ where: { groupId: cast.group.id }, data: { categoryId: null } });
  await db.category.deleteMany({ where: { groupId: cast.group.id } });
  const add = async (name: string, parentId: number | null = null) => (await createCategory(cast.owner, { groupId: cast.group.id, name, parentId })).id;
  const news = await add("News");
  const help = await add("Help");
  const faq = await add("FAQ", help);
  const deep = await add("Deep", faq);
  const misc = await add("Misc");
  ids = { news, help, faq, deep, misc };
});

describe("POST .../categories/{category_id}/edit", () => {
  it("renames and moves a category (owner and admin), answers the Category shape, and logs it", async () => {
    const renamed = await postAs<{ category: CategoryDto }>(cast.owner, `${base()}/${ids.news}/edit`, { name: "  Announcements " });
    expectOk(renamed);
    expect(CategorySchema.parse(renamed.body.data.category)).toMatchObject({ id: ids.news, name: "Announcements", parent_id: "" });
    const moved = await postAs<{ category: CategoryDto }>(cast.admin, `${base()}/${ids.misc}/edit`, { parent_id: ids.help });
    expectOk(moved);
    expect(moved.body.data.category).toMatchObject({ id: ids.misc, name: "Misc", parent_id: ids.help });
    expectOk(await postAs(cast.admin, `${base()}/${ids.faq}/edit`, { parent_id: 0 }));
    expect((await listed()).find((item) => item.id === ids.faq)?.parent).toBe("");
    const log = await readModlog(cast.group.id);
    expect(log.slice(0, 3)).toEqual([
      { action: "edit_category", targetType: "category", targetId: ids.faq, moderatorId: cast.admin.id },
      { action: "edit_category", targetType: "category", targetId: ids.misc, moderatorId: cast.admin.id },
      { action: "edit_category", targetType: "category", targetId: ids.news, moderatorId: cast.owner.id },
    ]);
  });

  it.each([
    ["itself", () => ({ parent_id: ids.help }), 40000, "parent_id"],
    ["its child", () => ({ parent_id: ids.faq }), 40000, "parent_id"],
    ["its grandchild", () => ({ parent_id: ids.deep }), 40000, "parent_id"],
    ["a missing category", () => ({ parent_id: 999_999_999 }), 40400, null],
    ["a blank name", () => ({ name: " ", parent_id: 0 }), 40000, "name"],
    ["a 65-character name", () => ({ name: "n".repeat(65) }), 40000, "name"],
    ["a negative parent", () => ({ parent_id: -1 }), 40000, "parent_id"],
  ] as const)("refuses moving or naming under %s, changing nothing", async (_name, body, code, parameter) => {
    const before = await treeState();
    const response = await postAs(cast.owner, `${base()}/${ids.help}/edit`, body());
    if (parameter) expectBadParam(response, parameter);
    else expectRefused(response, code);
    expect(await treeState()).toEqual(before);
  });

  it("refuses a category of another group, and a parent from another group, with 404", async () => {
    const otherGroup = await cast.stranger.createGroup();
    const foreign = (await createCategory(cast.stranger, { groupId: otherGroup, name: "Elsewhere", parentId: null })).id;
    const before = await treeState();
    expectRefused(await postAs(cast.owner, `${base()}/${foreign}/edit`, { name: "Mine now" }), 40400);
    expectRefused(await postAs(cast.owner, `${base()}/${ids.news}/edit`, { parent_id: foreign }), 40400);
    expect(await treeState()).toEqual(before);
  });
});

describe("POST .../categories/{category_id}/delete", () => {
  it("moves its threads to move_to, its subcategories to its parent, and renumbers the rest", async () => {
    const inFaq = await createThreadOverHttp(cast.author, cast.group.id, { category_id: ids.faq });
    const inFaqToo = await createThreadOverHttp(cast.author, cast.group.id, { category_id: ids.faq });
    const inNews = await createThreadOverHttp(cast.author, cast.group.id, { category_id: ids.news });
    const response = await postAs<{ moved: number }>(cast.admin, `${base()}/${ids.faq}/delete`, { move_to: ids.misc });
    expectOk(response);
    expect(response.body.data).toEqual({ moved: 2 });
    const state = await treeState();
    expect(state.threads.filter((thread) => [inFaq.id, inFaqToo.id, inNews.id].includes(thread.id))).toEqual([
      { id: inFaq.id, categoryId: ids.misc },
      { id: inFaqToo.id, categoryId: ids.misc },
      { id: inNews.id, categoryId: ids.news },
    ]);
    expect(await listed()).toEqual([
      { id: ids.news, name: "News", parent: "", order: "1" },
      { id: ids.help, name: "Help", parent: "", order: "2" },
      { id: ids.deep, name: "Deep", parent: ids.help, order: "3" },
      { id: ids.misc, name: "Misc", parent: "", order: "4" },
    ]);
    expect((await readModlog(cast.group.id))[0]).toEqual({ action: "delete_category", targetType: "category", targetId: ids.faq, moderatorId: cast.admin.id });
  });

  it("with move_to 0 (or none) leaves its threads uncategorised; a top-level one's children go to the top", async () => {
    const thread = await createThreadOverHttp(cast.author, cast.group.id, { category_id: ids.help });
    const response = await postAs<{ moved: number }>(cast.owner, `${base()}/${ids.help}/delete`, {});
    expect(response.body.data).toEqual({ moved: 1 });
    expect((await treeState()).threads.find((row) => row.id === thread.id)?.categoryId).toBeNull();
    expect((await listed()).find((item) => item.id === ids.faq)).toMatchObject({ parent: "" });
    expectOk(await postAs(cast.owner, `${base()}/${ids.news}/delete`, { move_to: 0 }));
  });

  it("refuses move_to itself (400), a missing or foreign move_to and a missing category (404), changing nothing", async () => {
    await createThreadOverHttp(cast.author, cast.group.id, { category_id: ids.news });
    const before = await treeState();
    expectBadParam(await postAs(cast.owner, `${base()}/${ids.news}/delete`, { move_to: ids.news }), "move_to");
    expectRefused(await postAs(cast.owner, `${base()}/${ids.news}/delete`, { move_to: 999_999_999 }), 40400);
    expectRefused(await postAs(cast.owner, `${base()}/999999999/delete`, {}), 40400);
    expectBadParam(await postAs(cast.owner, `${base()}/${ids.news}/delete`, { move_to: "misc" }), "move_to");
    expect(await treeState()).toEqual(before);
  });
});

describe("POST .../categories/order", () => {
  it("sets the order: the answer and get group categories list it, numbered from 1", async () => {
    const order = [ids.misc, ids.deep, ids.news, ids.faq, ids.help];
    const response = await postAs<CategoryList>(cast.admin, `${base()}/order`, { ids: order.join(",") });
    expectOk(response);
    expect(response.body.data.category.map((item) => [item.id, item.order])).toEqual(order.map((id, index) => [id, String(index + 1)]));
    expect((await listed()).map((item) => item.id)).toEqual(order);
    expect((await readModlog(cast.group.id))[0]).toEqual({
      action: "order_categories",
      targetType: "group",
      targetId: cast.group.id,
      moderatorId: cast.admin.id,
    });
    expectOk(await postAs(cast.owner, `${base()}/order`, { ids: [ids.news, ids.help, ids.faq, ids.deep, ids.misc] }));
    expect((await listed()).map((item) => item.order)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it.each([
    ["one missing", () => [ids.news, ids.help, ids.faq, ids.deep].join(",")],
    ["one twice", () => [ids.news, ids.help, ids.faq, ids.deep, ids.misc, ids.news].join(",")],
    ["a stranger's id", () => [ids.news, ids.help, ids.faq, ids.deep, 999_999_999].join(",")],
    ["not ids", () => "news,help"],
    ["nothing", () => ""],
  ])("refuses %s with 400 naming ids, changing nothing", async (_name, value) => {
    const before = await treeState();
    expectBadParam(await postAs(cast.owner, `${base()}/order`, { ids: value() }), "ids");
    expect(await treeState()).toEqual(before);
  });
});

describe("get group categories numbers them by place", () => {
  it('lists them in their order as "1", "2", ... even over gaps and ties left by older rows', async () => {
    const db = await getDb();
    const stored = [
      [ids.misc, 0],
      [ids.news, 7],
      [ids.help, 7],
      [ids.faq, 40],
      [ids.deep, 41],
    ] as const;
    for (const [id, order] of stored) await db.category.update({ where: { id }, data: { order }, select: { id: true } });
    expect((await listed()).map((item) => [item.id, item.order])).toEqual([
      [ids.misc, "1"],
      [ids.news, "2"],
      [ids.help, "3"],
      [ids.faq, "4"],
      [ids.deep, "5"],
    ]);
    const second = await getAs<CategoryList>(undefined, base(), { page: 2, per_page: 2 });
    expect(second.body.data.category.map((item) => item.order)).toEqual(["3", "4"]);
  });
});

describe("who may manage categories", () => {
  it.each(["moderator", "author", "stranger", "banned"] as const)("a %s gets 403 from all three, and nothing changes", async (who) => {
    const before = await treeState();
    const user = cast[who];
    expectRefused(await postAs(user, `${base()}/${ids.news}/edit`, { name: "Taken" }), 40300);
    expectRefused(await postAs(user, `${base()}/${ids.news}/delete`, {}), 40300);
    expectRefused(await postAs(user, `${base()}/order`, { ids: [ids.misc, ids.deep, ids.news, ids.faq, ids.help].join(",") }), 40300);
    expect(await treeState()).toEqual(before);
  });

  it("signed out is 401 40102, and an unknown group 404", async () => {
    const response = await postAs(undefined, `${base()}/${ids.news}/edit`, { name: "x" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("v2", 40102));
    expectRefused(await postAs(cast.owner, `/api/v2/groups/999999999/categories/order`, { ids: String(ids.news) }), 40400);
  });
});
