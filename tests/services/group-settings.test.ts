import { beforeAll, describe, expect, it } from "vitest";

// Nothing that reads the environment may be imported statically: setup-env points it at the test database first.
type Settings = typeof import("@/lib/services/groups");
type Fixtures = typeof import("../support/fixtures");

let settings: Settings;
let fixtures: Fixtures;
let readGroup: (id: number) => Promise<{ title: string; description: string; cover: string; logo: string } | null>;
let addAdmin: (groupId: number, userId: number, level: number) => Promise<void>;

beforeAll(async () => {
  settings = await import("@/lib/services/groups");
  fixtures = await import("../support/fixtures");
  const { getDb } = await import("@/lib/db/engine/client");
  const db = await getDb();
  readGroup = (id) => db.group.findUnique({ where: { id }, select: { title: true, description: true, cover: true, logo: true } });
  addAdmin = async (groupId, userId, level) => {
    await db.groupAdmin.create({ data: { groupId, userId, level } });
  };
});

const CHANGES = { title: "  Renamed  ", description: "New words", cover: "https://img.example/cover.png", logo: "" };

// Services speak in domain errors; the API maps forbidden → 403, invalid → 400, not_found → 404.
async function expectDomainError(promise: Promise<unknown>, kind: string, description: RegExp) {
  await expect(promise).rejects.toMatchObject({ kind, message: expect.stringMatching(description) });
}

describe("updateGroupSettings", () => {
  it("lets the owner change title, description, cover and logo (trimmed)", async () => {
    const owner = await fixtures.createTestUser();
    const groupId = await owner.createGroup();
    await settings.updateGroupSettings(owner, groupId, CHANGES);
    expect(await readGroup(groupId)).toEqual({ title: "Renamed", description: "New words", cover: CHANGES.cover, logo: "" });
  });

  it("lets an admin (level 2) in, but not a moderator (level 3) or a stranger", async () => {
    const owner = await fixtures.createTestUser();
    const admin = await fixtures.createTestUser();
    const moderator = await fixtures.createTestUser();
    const stranger = await fixtures.createTestUser();
    const groupId = await owner.createGroup();
    await addAdmin(groupId, admin.id, 2);
    await addAdmin(groupId, moderator.id, 3);

    await settings.updateGroupSettings(admin, groupId, { ...CHANGES, title: "By the admin" });
    expect((await readGroup(groupId))?.title).toBe("By the admin");
    for (const user of [moderator, stranger]) {
      await expectDomainError(settings.updateGroupSettings(user, groupId, { ...CHANGES, title: "Hijacked" }), "forbidden", /owner or an admin/);
    }
    expect((await readGroup(groupId))?.title).toBe("By the admin");
  });

  it.each([
    [{ title: "   " }, /^title: must not be empty$/],
    [{ title: "x".repeat(101) }, /^title: must be at most 100 characters$/],
    [{ description: "x".repeat(2001) }, /^description: must be at most 2000 characters$/],
    [{ cover: "javascript:alert(1)" }, /^cover: must be an http\(s\) URL$/],
    [{ logo: "ftp://example.com/logo.png" }, /^logo: must be an http\(s\) URL$/],
  ])("refuses %j with a 400 naming the field, changing nothing", async (bad, message) => {
    const owner = await fixtures.createTestUser();
    const groupId = await owner.createGroup();
    const before = await readGroup(groupId);
    await expectDomainError(settings.updateGroupSettings(owner, groupId, { ...CHANGES, ...bad }), "invalid", message);
    expect(await readGroup(groupId)).toEqual(before);
  });

  it("answers 404 for a group that does not exist", async () => {
    const user = await fixtures.createTestUser();
    await expectDomainError(settings.updateGroupSettings(user, 2_000_000_000, CHANGES), "not_found", /group not found/);
  });
});
