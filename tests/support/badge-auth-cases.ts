import { expect } from "vitest";
import { postAs, type Cast } from "./community-helpers";

// Contract section 19's badge writes for the authorization matrix (tests/hardening/auth-matrix.test.ts):
// each refused for a bad token (401) and for the banned user (403), changing nothing.

interface BadgeTarget {
  cast: Cast;
  badgeId: number;
}

type BadgeWriteCase = { request: (target: BadgeTarget) => { path: string; body: Record<string, unknown> }; anotherUser: 403 };

const onBadge = (t: BadgeTarget, action: string, body: Record<string, unknown>) => ({ path: `/api/v2/badges/${t.badgeId}/${action}`, body });

export const BADGE_WRITES: Record<string, BadgeWriteCase> = {
  "POST /api/v2/groups/{group_id}/badges": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/badges`, body: { name: "Matrix badge", image_url: "https://example.com/m.png" } }),
    anotherUser: 403,
  },
  "POST /api/v2/badges/{badge_id}/edit": { request: (t) => onBadge(t, "edit", { name: "Matrix rename" }), anotherUser: 403 },
  "POST /api/v2/badges/{badge_id}/delete": { request: (t) => onBadge(t, "delete", {}), anotherUser: 403 },
  "POST /api/v2/badges/{badge_id}/grant": { request: (t) => onBadge(t, "grant", { user_id: t.cast.author.id }), anotherUser: 403 },
  "POST /api/v2/badges/{badge_id}/revoke": { request: (t) => onBadge(t, "revoke", { user_id: t.cast.author.id }), anotherUser: 403 },
  "POST /api/v2/groups/{group_id}/title": {
    request: (t) => ({ path: `/api/v2/groups/${t.cast.group.id}/title`, body: { badge_id: t.badgeId } }),
    anotherUser: 403,
  },
};

/** A title-able manual badge of the matrix's group, held by its author; answers its id. */
export async function createMatrixBadge(cast: Cast): Promise<number> {
  const answer = await postAs<{ badge: { id: number } }>(cast.owner, `/api/v2/groups/${cast.group.id}/badges`, {
    name: "Matrix medal",
    image_url: "https://example.com/m.png",
    allow_title: 1,
  });
  expect(answer.status).toBe(200);
  const badgeId = answer.body.data.badge.id;
  expect((await postAs(cast.owner, `/api/v2/badges/${badgeId}/grant`, { user_id: cast.author.id })).status).toBe(200);
  return badgeId;
}
