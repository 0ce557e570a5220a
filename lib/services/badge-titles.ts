import "server-only";
import { loadGroupRole, type SignedIn } from "@/lib/auth/permissions";
import { holdsBadge, writeUserTitle } from "@/lib/db/badge-holders";
import { readAuthorFaces, type AuthorFace } from "@/lib/db/badge-faces";
import { findBadge } from "@/lib/db/badges";
import { inTransaction } from "@/lib/db/engine/transaction";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { requireGroupFeature } from "@/lib/services/group-features";

// A member's title in a group (contract section 19): the name of a badge they hold there whose
// `allow_title` is 1; badge 0 clears it (a moderator then shows their role again).

/** Sets or clears the signed-in member's title; answers their face as it now reads. */
export async function setTitle(actor: SignedIn, groupId: number, badgeId: number): Promise<AuthorFace | null> {
  await inTransaction(async (tx) => {
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role) throw new NotFound("group");
    if (!role.member && role.adminRole === null) throw new Forbidden("Only members of the group can choose a title in it");
    if (role.banned) throw new Forbidden("You are banned in this group");
    await requireGroupFeature(groupId, "badges", tx);
    if (badgeId === 0) return writeUserTitle(tx, groupId, actor.id, null);
    const badge = await findBadge(badgeId, tx);
    if (!badge || badge.groupId !== groupId) throw new Invalid("badge_id", "is not a badge of this group");
    if (!badge.allowTitle) throw new Invalid("badge_id", "this badge cannot be used as a title (allow_title is 0)");
    if (!(await holdsBadge(tx, badge.id, actor.id))) throw new Forbidden("You do not hold this badge");
    await writeUserTitle(tx, groupId, actor.id, badge.id);
  });
  return (await readAuthorFaces(groupId, [actor.id])).get(actor.id) ?? null;
}
