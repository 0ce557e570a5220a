import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { parseStoredGateRule } from "@/lib/db/token-gates";
import { BADGE_KIND_NAMES, BADGE_METRIC_NAMES } from "@/lib/schemas/badge-schemas";
import type { GateRule } from "@/lib/schemas/membership-schemas";

// A group's badges (contract section 19), as admins define them. Who holds them is
// lib/db/badge-holders.ts; what shows beside names, lib/db/badge-faces.ts.

export type BadgeKind = (typeof BADGE_KIND_NAMES)[number];
export type BadgeMetric = (typeof BADGE_METRIC_NAMES)[number];

export interface BadgeRule {
  metric: BadgeMetric;
  atLeast: number;
}

/** What an admin sets. */
export interface BadgeFields {
  name: string;
  description: string;
  imageUrl: string;
  originUrl: string;
  kind: BadgeKind;
  /** Set exactly for `rule` badges. */
  rule: BadgeRule | null;
  /** Set exactly for `token` badges: held while the user's wallets together meet it. */
  token: GateRule | null;
  allowTitle: boolean;
}

export interface BadgeRecord extends BadgeFields {
  id: number;
  groupId: number;
  grantCount: number;
}

const BADGE_SELECT = {
  id: true,
  groupId: true,
  name: true,
  description: true,
  imageUrl: true,
  originUrl: true,
  kind: true,
  rule: true,
  token: true,
  allowTitle: true,
  grantCount: true,
} satisfies Prisma.BadgeSelect;

type BadgeRow = Prisma.BadgeGetPayload<{ select: typeof BADGE_SELECT }>;

function readRule(value: unknown): BadgeRule | null {
  if (value === null || typeof value !== "object") return null;
  const raw = value as { metric?: unknown; at_least?: unknown };
  if (!BADGE_METRIC_NAMES.includes(raw.metric as BadgeMetric) || typeof raw.at_least !== "number") return null;
  return { metric: raw.metric as BadgeMetric, atLeast: raw.at_least };
}

function readKind(value: string): BadgeKind {
  return BADGE_KIND_NAMES.includes(value as BadgeKind) ? (value as BadgeKind) : "manual";
}

export function reshapeBadge(row: BadgeRow): BadgeRecord {
  return {
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    originUrl: row.originUrl,
    kind: readKind(row.kind),
    rule: readRule(row.rule),
    token: parseStoredGateRule(row.token),
    allowTitle: row.allowTitle,
    grantCount: row.grantCount,
  };
}

// Stored as the wire names them, so the SQL of prisma/derived/badges.sql reads `rule->>'at_least'`.
function storedFields(fields: BadgeFields) {
  return {
    name: fields.name,
    description: fields.description,
    imageUrl: fields.imageUrl,
    originUrl: fields.originUrl,
    kind: fields.kind,
    rule: (fields.rule ? { metric: fields.rule.metric, at_least: fields.rule.atLeast } : null) as never,
    token: (fields.token ?? null) as never,
    allowTitle: fields.allowTitle,
  };
}

/** A group's badges, oldest first. */
export async function listGroupBadges(groupId: number): Promise<BadgeRecord[]> {
  const db = await getDb();
  const rows = await db.badge.findMany({ where: { groupId }, select: BADGE_SELECT, orderBy: { id: "asc" } });
  return rows.map(reshapeBadge);
}

/** A badge, or null; inside a write, its row is locked so grants and edits take turns. */
export async function findBadge(badgeId: number, tx?: Tx): Promise<BadgeRecord | null> {
  if (tx) await tx.$queryRaw`SELECT id FROM badges WHERE id = ${badgeId} FOR UPDATE`;
  const db = tx ?? (await getDb());
  const row = await db.badge.findUnique({ where: { id: badgeId }, select: BADGE_SELECT });
  return row ? reshapeBadge(row) : null;
}

export async function insertBadge(tx: Tx, groupId: number, fields: BadgeFields): Promise<BadgeRecord> {
  return reshapeBadge(await tx.badge.create({ data: { groupId, ...storedFields(fields) }, select: BADGE_SELECT }));
}

export async function updateBadge(tx: Tx, badgeId: number, fields: BadgeFields): Promise<BadgeRecord> {
  return reshapeBadge(await tx.badge.update({ where: { id: badgeId }, data: storedFields(fields), select: BADGE_SELECT }));
}

/** Deletes a badge; its holdings and the titles made of it go with it (foreign keys). */
export async function deleteBadgeRow(tx: Tx, badgeId: number): Promise<void> {
  await tx.badge.delete({ where: { id: badgeId }, select: { id: true } });
}

/** Every token badge (the sweep's work list), group by group. */
export async function listTokenBadges(): Promise<BadgeRecord[]> {
  const db = await getDb();
  const rows = await db.badge.findMany({ where: { kind: "token" }, select: BADGE_SELECT, orderBy: { id: "asc" } });
  return rows.map(reshapeBadge);
}
