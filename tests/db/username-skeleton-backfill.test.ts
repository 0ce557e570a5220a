import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { usernameSkeleton } from "@/lib/auth/username-skeleton";
import { getDb } from "@/lib/db/engine/client";
import { backfillUsernameSkeletons } from "@/lib/services/users";

describe("backfillUsernameSkeletons", () => {
  it("fills users created before skeletons existed, oldest first; a later look-alike keeps its name and no skeleton", async () => {
    const db = await getDb();
    const tag = randomBytes(4).toString("hex");
    // As rows written before the migration: no skeleton. The second and third look like the first.
    const legacy = async (username: string) =>
      (
        await db.user.create({
          data: { username, usernameKey: username.toLowerCase(), widgetSecret: "s" },
          select: { id: true },
        })
      ).id;
    const first = await legacy(`legacy-${tag}`);
    const cyrillic = await legacy(`l\u0435gacy-${tag}`);
    const capitalI = await legacy(`Iegacy-${tag}`);
    const distinct = await legacy(`other-${tag}`);

    await backfillUsernameSkeletons();
    const rows = await db.user.findMany({ where: { id: { in: [first, cyrillic, capitalI, distinct] } }, select: { id: true, usernameSkeleton: true } });
    const skeletonOf = new Map(rows.map((row) => [row.id, row.usernameSkeleton]));
    expect(skeletonOf.get(first)).toBe(usernameSkeleton(`legacy-${tag}`));
    expect(skeletonOf.get(cyrillic)).toBeNull();
    expect(skeletonOf.get(capitalI)).toBeNull();
    expect(skeletonOf.get(distinct)).toBe(usernameSkeleton(`other-${tag}`));
    // Running again changes nothing and does not fail.
    await backfillUsernameSkeletons();
    expect(await db.user.count({ where: { id: { in: [cyrillic, capitalI] }, usernameSkeleton: null } })).toBe(2);
  });
});
