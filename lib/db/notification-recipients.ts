import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// Who a notifying statement leaves out (lib/db/notifications.ts): SQL conditions on the recipient
// column, so every statement that notifies asks them the same way.

/** A person with a live ban in the group gets nothing from it (`who` is the recipient column). */
export function notBannedIn(groupId: Prisma.Sql | number, who: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM group_bans b WHERE b.group_id = ${groupId} AND b.user_id = ${who} AND (b.until IS NULL OR b.until > now()))`;
}

/**
 * A person who ignores the actor hears nothing they cause (contract section 17); moderation
 * notices (membership) do not ask. `who` is the recipient column, `actor` the person acting.
 */
export function notIgnoring(who: Prisma.Sql, actor: Prisma.Sql | number): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM user_ignores i WHERE i.user_id = ${who} AND i.ignored_user_id = ${actor})`;
}
