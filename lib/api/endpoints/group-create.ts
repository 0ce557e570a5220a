import "server-only";
import { z } from "zod";
import { forbidden, notFound } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeCreateGroupUser } from "@/lib/api/serializers/user";
import { findUserBundle } from "@/lib/db/users";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { idParam, trimmedString } from "@/lib/schemas/params";
import { createGroupForUser } from "@/lib/services/group-create";
import { checkUserWalletProof } from "@/lib/services/wallet-proof";

export const CreateGroupParamsSchema = CreateGroupFieldsSchema.extend({
  uid: idParam(),
  signature: trimmedString({ min: 1, max: 4096 }),
  signMsg: z.string({ error: "must be a string" }).max(4096, { error: "must be at most 4096 characters" }).optional(),
});

// POST /api/group/create
export const createGroupEndpoint = defineEndpoint({ auth: "user", params: CreateGroupParamsSchema }, async ({ params, viewer, request }) => {
  if (params.uid !== viewer.id) throw forbidden("uid: must be the id of the signed-in user");
  // Contract section 6: the signature is checked only when the message it signs comes with it.
  const proof = params.signMsg ? await checkUserWalletProof(viewer.id, params.signature, params.signMsg) : undefined;
  const { name, title, description, cover, logo } = params;
  await createGroupForUser({ userId: viewer.id, name, title, description, cover, logo }, { proof });
  const bundle = await findUserBundle(viewer.id, { groups: true });
  if (!bundle) throw notFound("user");
  return { user: serializeCreateGroupUser(bundle, readRequestOrigin(request)) };
});
