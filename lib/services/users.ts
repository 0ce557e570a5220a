import "server-only";
import { randomBytes } from "node:crypto";
import { inTransaction, isUniqueViolation, type Tx } from "@/lib/db/transaction";
import { findUserIdByUsername } from "@/lib/db/users";
import { Conflict, NotFound } from "@/lib/errors";

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
  return username.trim().toLowerCase();
}

/** Creates a user bound to one wallet; a taken username or wallet is a Conflict. */
export async function createUserWithWallet(input: NewUser, tx?: Tx): Promise<{ id: number }> {
  const run = async (client: Tx) => {
    const user = await client.user.create({
      data: {
        username: input.username.trim(),
        usernameKey: usernameKey(input.username),
        photoUrl: input.photoUrl ?? "",
        widgetSecret: randomBytes(24).toString("base64url"),
        wallets: { create: { type: input.wallet.type, address: input.wallet.address, publicKey: input.wallet.publicKey } },
      },
      select: { id: true },
    });
    return user;
  };
  try {
    return tx ? await run(tx) : await inTransaction(run);
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw new Conflict("username is already taken", "username");
    if (isUniqueViolation(error, "address")) throw new Conflict("this wallet is already registered", "web3_public_key");
    throw error;
  }
}

/** The id of the person a form names by username (case-insensitive), or NotFound in words. */
export async function resolveUsername(username: string): Promise<number> {
  const id = await findUserIdByUsername(username);
  if (id === null) throw new NotFound("user", `No one is called “${username.trim()}”. Check the spelling of the username.`);
  return id;
}
