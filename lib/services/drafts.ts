import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import {
  countUserDrafts,
  deleteDraftAt,
  deleteDraftsUntouchedSince,
  findDraft,
  findDraftPlaces,
  insertDraft,
  listUserDrafts,
  lockDraftOwner,
  updateDraftAt,
  type DraftFields,
  type DraftPlaces,
  type DraftRecord,
} from "@/lib/db/drafts";
import { inTransaction } from "@/lib/db/engine/transaction";
import { toPageWindow } from "@/lib/db/pagination";
import { isDeltaEmpty } from "@/lib/delta/parse";
import { DeltaSchema } from "@/lib/delta/schema";
import { Invalid, NotFound } from "@/lib/errors";
import { DRAFT_KEY_PATTERN, DRAFT_TITLE_MAX, DRAFTS_PER_USER } from "@/lib/schemas/draft-schemas";
import { parseContentOrThrow } from "@/lib/services/content";

/** Drafts nobody saved for this long are removed (the prune-drafts job). */
export const DRAFT_RETENTION_MS = 180 * 86_400_000;

export interface DraftInput {
  /** A delta (ops or their JSON text); an empty one is a draft too. */
  content: unknown;
  title?: string;
  groupId?: number | null;
  threadId?: number | null;
  parentId?: number | null;
  categoryId?: number | null;
  /** The sequence the writer last saw: the stored one's, or 0 when they saw none. */
  sequence: number;
}

/** A save or delete either happened, or was refused because the stored draft moved on (`stored`, null when none). */
export type DraftOutcome<T> = { ok: true; value: T } | { ok: false; stored: DraftRecord | null };

function checkKey(draftKey: string): string {
  if (!DRAFT_KEY_PATTERN.test(draftKey)) throw new Invalid("draft_key", "must be 1-64 of a-z, 0-9, - and _");
  return draftKey;
}

/** A draft's delta: what a post may hold, or nothing yet (`[]`, or only blank lines). */
function parseDraftContent(raw: unknown): string {
  const value = typeof raw === "string" && raw.trim().startsWith("[") ? safeJson(raw) : raw;
  if (Array.isArray(value) && value.length === 0) return "[]";
  const blank = DeltaSchema.safeParse(value);
  if (blank.success && isDeltaEmpty(blank.data)) return "[]";
  return parseContentOrThrow(raw);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toFields(input: DraftInput): DraftFields {
  const title = input.title ?? "";
  if (title.length > DRAFT_TITLE_MAX) throw new Invalid("title", `must be at most ${DRAFT_TITLE_MAX} characters`);
  return {
    title,
    content: parseDraftContent(input.content),
    groupId: input.groupId || null,
    threadId: input.threadId || null,
    parentId: input.parentId || null,
    categoryId: input.categoryId || null,
  };
}

/** The signed-in person's drafts, most recently saved first, and how many they have. */
export async function listDrafts(actor: SignedIn, input: { page: number; perPage: number }): Promise<{ drafts: DraftRecord[]; count: number }> {
  const [drafts, count] = await Promise.all([listUserDrafts(actor.id, toPageWindow(input.page, input.perPage)), countUserDrafts(actor.id)]);
  return { drafts, count };
}

/** One of the person's drafts; nobody else's is ever found. */
export async function getDraft(actor: SignedIn, draftKey: string): Promise<DraftRecord> {
  const draft = await findOwnDraft(actor, draftKey);
  if (!draft) throw new NotFound("draft");
  return draft;
}

/** The person's draft under `draftKey`, or null (the composers ask before they open). */
export async function findOwnDraft(actor: SignedIn, draftKey: string): Promise<DraftRecord | null> {
  return findDraft({ userId: actor.id, draftKey: checkKey(draftKey) });
}

/** Where a page of the person's drafts were started, from the groups they may still read only. */
export async function findPlacesOfDrafts(actor: SignedIn, drafts: DraftRecord[]): Promise<DraftPlaces> {
  const ids = (pick: (draft: DraftRecord) => number | null) => [...new Set(drafts.flatMap((draft) => (pick(draft) === null ? [] : [pick(draft)!])))];
  return findDraftPlaces(
    actor.id,
    ids((draft) => draft.groupId),
    ids((draft) => draft.threadId),
  );
}

/**
 * Saves a draft when `sequence` is the stored one's (0: none stored yet), moving it on by one, so a
 * tab that saved earlier never overwrites what another saved since. A new key past the limit is Invalid.
 */
export async function saveDraft(actor: SignedIn, draftKey: string, input: DraftInput): Promise<DraftOutcome<DraftRecord>> {
  const id = { userId: actor.id, draftKey: checkKey(draftKey) };
  const fields = toFields(input);
  const saved =
    input.sequence === 0
      ? await inTransaction(async (tx) => {
          await lockDraftOwner(tx, actor.id);
          if (await findDraft(id, tx)) return null;
          if ((await countUserDrafts(actor.id, tx)) >= DRAFTS_PER_USER) {
            throw new Invalid("draft_key", `you already have ${DRAFTS_PER_USER} drafts; delete one first`);
          }
          return insertDraft(tx, id, fields);
        })
      : await updateDraftAt(id, input.sequence, fields);
  if (saved) return { ok: true, value: saved };
  return { ok: false, stored: await findDraft(id) };
}

/** Deletes a draft when `sequence` is the stored one's; a draft that does not exist is NotFound. */
export async function deleteDraftOf(actor: SignedIn, draftKey: string, sequence: number): Promise<DraftOutcome<null>> {
  const id = { userId: actor.id, draftKey: checkKey(draftKey) };
  if (await deleteDraftAt(id, sequence)) return { ok: true, value: null };
  const stored = await findDraft(id);
  if (!stored) throw new NotFound("draft");
  return { ok: false, stored };
}

/** Removes drafts untouched for 180 days (hourly, lib/jobs/prune-drafts.ts); how many went. */
export async function pruneStaleDrafts(now = new Date()): Promise<number> {
  return deleteDraftsUntouchedSince(new Date(now.getTime() - DRAFT_RETENTION_MS));
}
