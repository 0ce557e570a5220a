import "server-only";
import { randomBytes } from "node:crypto";
import { usernameSkeleton } from "@/lib/auth/username-skeleton";
import { DELETED_USER_NAME } from "@/lib/db/account-erasure";
import { inTransaction, isUniqueViolation, type Tx } from "@/lib/db/engine/transaction";
import { findHeldSkeletons, findUserIdByUsername, insertUserWithWallet, listUsersWithoutSkeleton, setUsernameSkeletons } from "@/lib/db/users";
import { Conflict, NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";

export interface NewWallet {
  type: number;
  address: string;
  publicKey: string | null;
}

export interface NewUser {
  username: string;
  photoUrl?: string;
  wallet: NewWallet;
}

export function usernameKey(username: string): string {
  return username.normalize("NFKC").trim().toLowerCase();
}

/**
 * The columns that make a username unique: case-insensitively (username_key) and by look
 * (username_skeleton). The name deleted accounts show (contract section 20) is nobody's to take.
 */
export function usernameColumns(username: string) {
  if (usernameSkeleton(username) === usernameSkeleton(DELETED_USER_NAME)) throw new Conflict(`“${username}” is what deleted accounts are called`, "username");
  return { username, usernameKey: usernameKey(username), usernameSkeleton: usernameSkeleton(username) };
}

/** A taken name, by case or by look (the unique indexes on username_key and username_skeleton). */
export function toUsernameConflict(error: unknown): Conflict | null {
  return isUniqueViolation(error, "username") ? new Conflict("username is already taken, or looks too much like a taken one", "username") : null;
}

/** Creates a user bound to one wallet; a taken username or wallet is a Conflict. */
export async function createUserWithWallet(input: NewUser, tx?: Tx): Promise<{ id: number }> {
  const user = { ...usernameColumns(input.username.trim()), photoUrl: input.photoUrl ?? "", widgetSecret: randomBytes(24).toString("base64url") };
  const run = (client: Tx) => insertUserWithWallet(client, user, input.wallet);
  try {
    return tx ? await run(tx) : await inTransaction(run);
  } catch (error) {
    const usernameTaken = toUsernameConflict(error);
    if (usernameTaken) throw usernameTaken;
    if (isUniqueViolation(error, "address")) throw new Conflict("this wallet is already registered", "web3_public_key");
    throw error;
  }
}

/** The id of the person with this username (case-insensitive), or null: for a form that words its own NotFound. */
export function findUserIdByName(username: string): Promise<number | null> {
  return findUserIdByUsername(username);
}

/** The id of the person a form names by username (case-insensitive), or NotFound in words. */
export async function resolveUsername(username: string): Promise<number> {
  const id = await findUserIdByUsername(username);
  if (id === null) throw new NotFound("user", `No one is called “${username.trim()}”. Check the spelling of the username.`);
  return id;
}

/**
 * Fills username_skeleton for users created before it existed (run at start, before the first
 * request). Oldest user first: a later user whose name looks like an earlier one's keeps the
 * name with no skeleton (the earlier one holds it), so existing data always migrates.
 */
export async function backfillUsernameSkeletons(): Promise<void> {
  const result = await inTransaction(async (tx) => {
    const rows = await listUsersWithoutSkeleton(tx);
    if (rows.length === 0) return { filled: 0, lookAlikes: [] as number[] };
    const wanted = rows.map((row) => ({ id: row.id, skeleton: usernameSkeleton(row.username) }));
    const held = await findHeldSkeletons(
      tx,
      wanted.map((row) => row.skeleton),
    );
    const fill: typeof wanted = [];
    const lookAlikes: number[] = [];
    for (const row of wanted) {
      if (held.has(row.skeleton)) lookAlikes.push(row.id);
      else {
        held.add(row.skeleton);
        fill.push(row);
      }
    }
    await setUsernameSkeletons(tx, fill);
    return { filled: fill.length, lookAlikes };
  });
  if (result.filled > 0 || result.lookAlikes.length > 0) logger.info(result, "username skeletons filled");
}
