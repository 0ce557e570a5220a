import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { DEEP_FROM_ROWS } from "@/lib/services/thread-orders";
import { createCategory } from "@/lib/services/categories";
import { createPost } from "@/lib/services/posts";
import { call } from "../support/api-client";
import { createTestUser, type TestUser } from "../support/fixtures";

// Pages past DEEP_FROM_ROWS of a group's threads are slices of the order's ids, kept per group
// version for every reader (lib/services/thread-orders.ts). They must be exactly the pages the
// OFFSET walk gives, and follow a write at once.

const PER_PAGE = 20;
const THREADS = DEEP_FROM_ROWS + 3 * PER_PAGE + 7;
const FIRST_DEEP_PAGE = DEEP_FROM_ROWS / PER_PAGE + 1;

interface Order {
  sort: "new" | "old";
  categoryId: number;
}

describe("deep pages of a group's threads", () => {
  let owner: TestUser;
  let reader: TestUser;
  let groupId: number;
  let categoryId: number;

  beforeAll(async () => {
    owner = await createTestUser();
    reader = await createTestUser();
    groupId = await owner.createGroup();
    categoryId = (await createCategory(owner, { groupId, name: "Deep", parentId: null })).id;
    // Data in bulk, never through the API: activity times tie in pairs (the id decides), a third
    // are in the category, two are pinned and one is deleted.
    const base = Date.now() - 86_400_000;
    await (
      await getDb()
    ).thread.createMany({
      data: Array.from({ length: THREADS }, (_, index) => ({
        groupId,
        userId: owner.id,
        title: `Deep thread ${index}`,
        slug: `deep-thread-${index}`,
        lastActivityAt: new Date(base + Math.floor(index / 2) * 1000),
        categoryId: index % 3 === 0 ? categoryId : null,
        isPin: index === 7 || index === 400 ? 1 : 0,
        isDelete: index === 13 ? 1 : 0,
      })),
    });
  });

  // The order written out again here, apart from the app's statement.
  async function expectedIds(order: Order): Promise<number[]> {
    const rows = await (
      await getDb()
    ).thread.findMany({
      where: { groupId, isDelete: 0, ...(order.categoryId > 0 ? { categoryId: order.categoryId } : {}) },
      orderBy: order.sort === "old" ? [{ id: "asc" }] : [{ isPin: "desc" }, { lastActivityAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }

  async function page(order: Order, number: number, token?: string): Promise<{ ids: number[]; queries: number }> {
    const path = order.categoryId > 0 ? `/api/v2/groups/${groupId}/categories/${order.categoryId}` : `/api/v2/groups/${groupId}/threads`;
    const query = { page: number, per_page: PER_PAGE, ...(order.categoryId > 0 ? {} : { sort: order.sort }) };
    const response = await call<{ threads: { id: number }[] }>("GET", path, { query, token });
    expect(response.status).toBe(200);
    return { ids: response.body.data.threads.map((thread) => thread.id), queries: Number(response.headers.get("x-agora-db-queries")) };
  }

  it("every deep page is the slice of the order the shallow walk gives, for both sorts and a category, signed in or not", async () => {
    const orders: Order[] = [
      { sort: "new", categoryId: 0 },
      { sort: "old", categoryId: 0 },
      { sort: "new", categoryId },
    ];
    for (const order of orders) {
      const expected = await expectedIds(order);
      const last = Math.ceil(expected.length / PER_PAGE);
      for (const number of [FIRST_DEEP_PAGE - 1, FIRST_DEEP_PAGE, last, last + 1]) {
        if (number < 1) continue;
        const slice = expected.slice((number - 1) * PER_PAGE, number * PER_PAGE);
        expect((await page(order, number, reader.token)).ids, `${order.sort} ${order.categoryId} page ${number}`).toEqual(slice);
        expect((await page(order, number)).ids).toEqual(slice);
      }
    }
  });

  it("a write moves a kept order at once; the next reader's deep page then costs as many statements as page 1", async () => {
    const order: Order = { sort: "new", categoryId: 0 };
    const kept = await page(order, FIRST_DEEP_PAGE, reader.token);

    // A reply bumps a thread from deep in the order to the top: the deep page shifts by one.
    const before = await expectedIds(order);
    const bumped = before[DEEP_FROM_ROWS + 5]!;
    await createPost(owner, { threadId: bumped, content: JSON.stringify([{ insert: "bump\n" }]), parentId: null });
    const after = await expectedIds(order);
    expect(after.indexOf(bumped)).toBeLessThan(3);
    const rebuilt = await page(order, FIRST_DEEP_PAGE, reader.token);
    expect(rebuilt.ids).toEqual(after.slice(DEEP_FROM_ROWS, DEEP_FROM_ROWS + PER_PAGE));
    expect(rebuilt.ids).not.toEqual(kept.ids);

    // Page 1 reads its ids with one OFFSET-free statement; a deep page reads the group's version
    // instead, plus the whole order once per version.
    const first = await page(order, 1, reader.token);
    const again = await page(order, FIRST_DEEP_PAGE, reader.token);
    expect(again.ids).toEqual(rebuilt.ids);
    expect(rebuilt.queries).toBe(first.queries + 1);
    expect(again.queries).toBe(first.queries);
  });
});
