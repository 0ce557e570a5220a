import "server-only";
import { canSeeModerators, loadGroupRole, type Actor } from "@/lib/auth/permissions";
import { countModlogEntries, listModlogEntries, type ModlogRecord } from "@/lib/db/modlog";
import { toPageWindow } from "@/lib/db/pagination";
import { NotFound } from "@/lib/errors";
import { assertGroupReadable } from "@/lib/services/group-access";

export interface ModlogPage {
  entries: ModlogRecord[];
  total: number;
  /** Moderators see who acted; everyone else sees what was done. */
  moderatorsVisible: boolean;
}

/** Contract section 12: a group's public log of moderator actions, newest first. */
export async function listModlog(actor: Actor, groupId: number, page: number, perPage: number): Promise<ModlogPage> {
  const role = await loadGroupRole(actor, groupId);
  if (!role) throw new NotFound("group");
  // It names the group's threads and members: as private as they are (contract section 14).
  assertGroupReadable(role);
  const [entries, total] = await Promise.all([listModlogEntries(groupId, toPageWindow(page, perPage)), countModlogEntries(groupId)]);
  return { entries, total, moderatorsVisible: canSeeModerators(actor, role) };
}
