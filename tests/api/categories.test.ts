import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCategory } from "@/lib/services/categories";
import { CategorySchema, type CategoryDto } from "@/lib/schemas/category-schemas";
import { call, expectedError } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";

type CategoryList = { category: CategoryDto[] };

async function countCategories(groupId: number): Promise<number> {
  return (await getDb()).category.count({ where: { groupId } });
}

describe("GET /api/v2/groups/{group_id}/categories (endpoint 7)", () => {
  let groupId: number;
  let ids: { news: number; help: number; faq: number };

  beforeAll(async () => {
    const owner = await createTestUser();
    groupId = await owner.createGroup();
    const news = (await createCategory(owner, { groupId, name: "News", parentId: null })).id;
    const help = (await createCategory(owner, { groupId, name: "Help", parentId: null })).id;
    const faq = (await createCategory(owner, { groupId, name: "FAQ", parentId: help })).id;
    ids = { news, help, faq };
  });

  it("answers the reference Category shape, in display order", async () => {
    const response = await call<CategoryList>("GET", `/api/v2/groups/${groupId}/categories`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000", description: "", server: "rest" });
    const list = response.body.data.category.map((item) => CategorySchema.strict().parse(item));
    expect(list).toEqual([
      {
        id: ids.news,
        group_id: groupId,
        name: "News",
        category_id: ids.news,
        parent_id: "",
        order: "1",
        _import_source_import_id: "",
        _import_source_forum_id: "",
      },
      {
        id: ids.help,
        group_id: groupId,
        name: "Help",
        category_id: ids.help,
        parent_id: "",
        order: "2",
        _import_source_import_id: "",
        _import_source_forum_id: "",
      },
      {
        id: ids.faq,
        group_id: groupId,
        name: "FAQ",
        category_id: ids.faq,
        parent_id: ids.help,
        order: "3",
        _import_source_import_id: "",
        _import_source_forum_id: "",
      },
    ]);
  });

  it("pages with page and per_page", async () => {
    const second = await call<CategoryList>("GET", `/api/v2/groups/${groupId}/categories`, { query: { page: 2, per_page: 2 } });
    const past = await call<CategoryList>("GET", `/api/v2/groups/${groupId}/categories`, { query: { page: 3, per_page: 2 } });
    expect(second.body.data.category.map((item) => item.id)).toEqual([ids.faq]);
    expect(past.body.data.category).toEqual([]);
  });

  it.each([
    [{ per_page: 101 }, /per_page/],
    [{ per_page: 0 }, /per_page/],
    [{ page: 0 }, /page/],
    [{ page: "x" }, /page/],
  ])("refuses %o with 400", async (query, description) => {
    const response = await call("GET", `/api/v2/groups/${groupId}/categories`, { query });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
  });

  it("answers 404 for an unknown group and 400 for a malformed id", async () => {
    const missing = await call("GET", "/api/v2/groups/999999/categories");
    const malformed = await call("GET", "/api/v2/groups/abc/categories");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject(expectedError("v2", 40400));
    expect(malformed.status).toBe(400);
    expect(malformed.body.description).toMatch(/group_id/);
  });

  it("refuses a request without an API key", async () => {
    const response = await call("GET", `/api/v2/groups/${groupId}/categories`, { apiKey: false });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(expectedError("v2", 40100));
  });
});

describe("POST /api/v2/groups/{group_id}/categories/create (contract section 9)", () => {
  let owner: TestUser;
  let admin: TestUser;
  let moderator: TestUser;
  let stranger: TestUser;
  let groupId: number;
  let foreignCategoryId: number;

  beforeAll(async () => {
    // One at a time: the embedded database serves concurrent transactions from one session.
    owner = await createTestUser();
    admin = await createTestUser();
    moderator = await createTestUser();
    stranger = await createTestUser();
    groupId = await owner.createGroup();
    const db = await getDb();
    await db.groupAdmin.createMany({
      data: [
        { groupId, userId: admin.id, level: 2 },
        { groupId, userId: moderator.id, level: 3 },
      ],
    });
    const otherGroup = await stranger.createGroup();
    foreignCategoryId = (await createCategory(stranger, { groupId: otherGroup, name: "Elsewhere", parentId: null })).id;
  });

  it("lets the owner create a top-level category and answers the Category shape", async () => {
    const response = await call<{ category: CategoryDto }>("POST", `/api/v2/groups/${groupId}/categories/create`, {
      token: owner.token,
      body: { name: "  General  " },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: true, code: "20000" });
    const category = CategorySchema.strict().parse(response.body.data.category);
    expect(category).toMatchObject({ group_id: groupId, name: "General", parent_id: "", category_id: category.id });
    const listed = await call<CategoryList>("GET", `/api/v2/groups/${groupId}/categories`);
    expect(listed.body.data.category.map((item) => item.id)).toContain(category.id);
  });

  it("lets an admin create a child category (form encoded, parent_id of this group)", async () => {
    const parent = await call<{ category: CategoryDto }>("POST", `/api/v2/groups/${groupId}/categories/create`, {
      token: owner.token,
      body: { name: "Parent", parent_id: 0 },
    });
    expect(parent.body.data.category.parent_id).toBe("");
    const child = await call<{ category: CategoryDto }>("POST", `/api/v2/groups/${groupId}/categories/create`, {
      token: admin.token,
      encoding: "form",
      body: { name: "Child", parent_id: parent.body.data.category.id },
    });
    expect(child.status).toBe(200);
    expect(CategorySchema.strict().parse(child.body.data.category).parent_id).toBe(parent.body.data.category.id);
  });

  it.each([
    ["a moderator", () => moderator],
    ["a non-admin", () => stranger],
  ])("refuses %s with 403 and creates nothing", async (_label, who) => {
    const before = await countCategories(groupId);
    const response = await call("POST", `/api/v2/groups/${groupId}/categories/create`, { token: who().token, body: { name: "Nope" } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject(expectedError("v2", 40300));
    expect(await countCategories(groupId)).toBe(before);
  });

  it.each([
    ["a parent from another group", () => foreignCategoryId],
    ["an unknown parent", () => 2147483000],
  ])("answers %s with 404 and creates nothing", async (_label, parentId) => {
    const before = await countCategories(groupId);
    const response = await call("POST", `/api/v2/groups/${groupId}/categories/create`, {
      token: owner.token,
      body: { name: "Orphan", parent_id: parentId() },
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(expectedError("v2", 40400));
    expect(response.body.description).toMatch(/^parent_id/);
    expect(await countCategories(groupId)).toBe(before);
  });

  it.each([
    ["a missing name", () => ({}), /name/],
    ["a NUL character in the name", () => ({ name: "a\u0000b" }), /^name: must not contain NUL/],
    ["a blank name", () => ({ name: "   " }), /name/],
    ["a 65-character name", () => ({ name: "x".repeat(65) }), /name/],
    ["a negative parent_id", () => ({ name: "Neg", parent_id: -1 }), /parent_id/],
  ])("refuses %s with 400 and creates nothing", async (_label, body, description) => {
    const before = await countCategories(groupId);
    const response = await call("POST", `/api/v2/groups/${groupId}/categories/create`, { token: owner.token, body: body() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(expectedError("v2", 40000));
    expect(response.body.description).toMatch(description);
    expect(await countCategories(groupId)).toBe(before);
  });

  it("requires a token (40102) and refuses a forged one (40103)", async () => {
    const before = await countCategories(groupId);
    const missing = await call("POST", `/api/v2/groups/${groupId}/categories/create`, { body: { name: "Anon" } });
    const forged = await call("POST", `/api/v2/groups/${groupId}/categories/create`, {
      token: "eyJhbGciOiJIUzI1NiJ9.e30.bad",
      body: { name: "Anon" },
    });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject(expectedError("v2", 40102));
    expect(forged.body).toMatchObject(expectedError("v2", 40103));
    expect(await countCategories(groupId)).toBe(before);
  });

  it("answers 404 for an unknown group", async () => {
    const response = await call("POST", "/api/v2/groups/999999/categories/create", { token: owner.token, body: { name: "X" } });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(expectedError("v2", 40400));
  });
});
