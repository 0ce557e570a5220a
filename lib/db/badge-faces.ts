import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { readAdminRole, type GroupAdminRole } from "@/lib/db/records/codes";

// What shows beside an author's name in a group (contract section 19): their three newest badges
// there, their chosen title, and their role (a moderator without a title shows it). A page's
// authors are read in one statement; nothing while the group's `badges` feature is off.

export interface BadgeFace {
  badgeId: number;
  name: string;
  description: string;
  imageUrl: string;
  originUrl: string;
}

export interface AuthorFace {
  /** Newest first, at most three. */
  badges: BadgeFace[];
  title: { badgeId: number; name: string } | null;
  role: GroupAdminRole | null;
}

/** Faces by user id; an author missing from the map shows none. */
export type AuthorFaces = ReadonlyMap<number, AuthorFace>;

export const NO_FACES: AuthorFaces = new Map();

interface FaceRow {
  user_id: number;
  badges: { id: number; name: string; description: string; image_url: string; origin_url: string }[] | null;
  title_id: number | null;
  title_name: string | null;
  level: number | null;
  owner: boolean;
}

/** The faces of `userIds` in a group, in one statement (empty while its `badges` feature is off). */
export async function readAuthorFaces(groupId: number, userIds: readonly number[], tx?: Tx): Promise<AuthorFaces> {
  const ids = [...new Set(userIds)].filter((id) => id > 0);
  if (ids.length === 0) return NO_FACES;
  const db = tx ?? (await getDb());
  const rows = await db.$queryRaw<FaceRow[]>`
    SELECT u.id AS user_id, g.owner_id IS NOT DISTINCT FROM u.id AS owner, ga.level, tb.id AS title_id, tb.name AS title_name,
      (SELECT json_agg(x ORDER BY x.granted_at DESC, x.id DESC) FROM (
        SELECT b.id, b.name, b.description, b.image_url, b.origin_url, h.granted_at FROM user_badges h JOIN badges b ON b.id = h.badge_id
        WHERE h.group_id = g.id AND h.user_id = u.id ORDER BY h.granted_at DESC, h.badge_id DESC LIMIT 3) x) AS badges
    FROM groups g CROSS JOIN unnest(${ids}::int[]) AS u(id)
    LEFT JOIN group_admins ga ON ga.group_id = g.id AND ga.user_id = u.id AND ga.deleted_at IS NULL
    LEFT JOIN user_titles t ON t.group_id = g.id AND t.user_id = u.id
    LEFT JOIN badges tb ON tb.id = t.badge_id
    WHERE g.id = ${groupId}
      AND NOT EXISTS (SELECT 1 FROM group_features f WHERE f.group_id = g.id AND f.feature_name = 'badges' AND f.status IS DISTINCT FROM 1)`;
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        badges: (row.badges ?? []).map((badge) => ({
          badgeId: badge.id,
          name: badge.name,
          description: badge.description,
          imageUrl: badge.image_url,
          originUrl: badge.origin_url,
        })),
        title: row.title_id !== null ? { badgeId: row.title_id, name: row.title_name ?? "" } : null,
        role: row.owner ? "owner" : readAdminRole(row.level),
      },
    ]),
  );
}
