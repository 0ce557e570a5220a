import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import { isSet, readVisibility, type GroupVisibility } from "@/lib/db/records/codes";

// The site admins' directory of accounts and groups (contract section 20's /admin pages).

export interface SiteUserRow {
  id: number;
  username: string;
  wallets: string[];
  active: boolean;
  suspendedUntil: Date | null;
  suspendReason: string;
  superAdmin: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
}

export interface SiteGroupRow {
  id: number;
  name: string;
  title: string;
  owner: string;
  visibility: GroupVisibility;
  members: number;
  threads: number;
  noRecommend: boolean;
  superNoRecommend: boolean;
  lastActivityAt: Date;
}

export interface DirectoryPage<T> {
  rows: T[];
  total: number;
}

/** Accounts whose name or one of whose wallets contains `query` (case-insensitive), newest first. */
export async function searchSiteUsers(query: string, page: number, perPage: number): Promise<DirectoryPage<SiteUserRow>> {
  const db = await getDb();
  const where: Prisma.UserWhereInput = query
    ? { OR: [{ username: { contains: query, mode: "insensitive" } }, { wallets: { some: { address: { contains: query.toLowerCase() } } } }] }
    : {};
  const [rows, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: { id: "desc" },
      skip: (page - 1) * perPage,
      take: perPage,
      select: {
        id: true,
        username: true,
        activate: true,
        suspendedUntil: true,
        suspendReason: true,
        superAdmin: true,
        createdAt: true,
        lastSeenAt: true,
        wallets: { select: { address: true }, orderBy: { id: "asc" } },
      },
    }),
    db.user.count({ where }),
  ]);
  return {
    total,
    rows: rows.map(({ activate, superAdmin, wallets, ...row }) => ({
      ...row,
      active: activate === 1,
      superAdmin: superAdmin > 0,
      wallets: wallets.map((wallet) => wallet.address),
    })),
  };
}

/** Groups whose handle or title contains `query`, most recently active first. */
export async function searchSiteGroups(query: string, page: number, perPage: number): Promise<DirectoryPage<SiteGroupRow>> {
  const db = await getDb();
  const where: Prisma.GroupWhereInput = query ? { OR: [{ name: { contains: query.toLowerCase() } }, { title: { contains: query, mode: "insensitive" } }] } : {};
  const [rows, total] = await Promise.all([
    db.group.findMany({
      where,
      orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: {
        id: true,
        name: true,
        title: true,
        visibility: true,
        membersCount: true,
        threadsCount: true,
        noRecommend: true,
        superNoRecommend: true,
        lastActivityAt: true,
        owner: { select: { username: true } },
      },
    }),
    db.group.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      owner: row.owner?.username ?? "",
      visibility: readVisibility(row.visibility),
      members: row.membersCount,
      threads: row.threadsCount,
      noRecommend: isSet(row.noRecommend),
      superNoRecommend: isSet(row.superNoRecommend),
      lastActivityAt: row.lastActivityAt,
    })),
  };
}

/**
 * Deletes a group with everything in it (its rows cascade), and its uploads' rows; answers the stored
 * contents those rows named, for the caller to remove once no other row names them.
 */
export async function deleteGroupRows(tx: Tx, groupId: number): Promise<{ sha256: string; ext: string }[]> {
  const contents = await tx.attachment.findMany({
    where: { groupId, sha256: { not: null } },
    distinct: ["sha256", "ext"],
    select: { sha256: true, ext: true },
  });
  await tx.attachment.deleteMany({ where: { groupId } });
  await tx.group.delete({ where: { id: groupId }, select: { id: true } });
  return contents.flatMap(({ sha256, ext }) => (sha256 ? [{ sha256, ext }] : []));
}

/** The group's handle, its row locked for the deletion that follows; null when there is none. */
export async function lockGroupHandle(tx: Tx, groupId: number): Promise<string | null> {
  const rows = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM groups WHERE id = ${groupId} FOR UPDATE`;
  return rows[0]?.name ?? null;
}
