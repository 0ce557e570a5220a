import "server-only";
import { conflict } from "@/lib/api/api-error";
import { getDb } from "@/lib/db/client";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { createGroup } from "@/lib/services/groups";
import { parseField } from "@/lib/services/parse-field";
import { consumeWalletProof, type WalletProof } from "@/lib/services/wallet-proof";

export interface CreateGroupForUserInput {
  userId: number;
  name: string;
  title: string;
  description: string;
  cover: string;
  logo: string;
}

/**
 * Creates a group owned by the user (endpoint 5 and the web app). A wallet proof, when given,
 * is spent only once the name is known to be free, so a taken name does not burn the message.
 */
export async function createGroupForUser(
  input: CreateGroupForUserInput,
  options: { proof?: WalletProof } = {},
): Promise<{ groupId: number }> {
  const { userId, ...raw } = input;
  const fields = parseField(CreateGroupFieldsSchema, raw, "group");
  const db = await getDb();
  const taken = await db.group.findUnique({ where: { name: fields.name }, select: { id: true } });
  if (taken) throw conflict(`name: group name "${fields.name}" is already taken`);
  if (options.proof) await consumeWalletProof(options.proof);
  const group = await createGroup({ ownerId: userId, ...fields });
  return { groupId: group.id };
}
