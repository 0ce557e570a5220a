import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { readRequestOrigin } from "@/lib/api/request-origin";
import { serializeGroup } from "@/lib/api/serializers/group";
import { serializeCreateGroupUser } from "@/lib/api/serializers/user";
import { CreateGroupFieldsSchema } from "@/lib/schemas/group-create-schemas";
import { GroupSchema } from "@/lib/schemas/group-schemas";
import { idParam, trimmedString } from "@/lib/schemas/params";
import { CreateGroupUserSchema } from "@/lib/schemas/user-schemas";
import { createGroup, getGroup } from "@/lib/services/groups";
import { groupGuestVersion } from "@/lib/services/thread-lists";
import { getOwnAccount } from "@/lib/services/user-profile";
import { checkUserWalletProof } from "@/lib/services/wallet-proof";

// GET /api/v2/groups/{group_id}
export const getGroupInfo = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/groups/{group_id}",
    family: "v2",
    auth: "optional",
    tag: "Groups",
    summary: "4. Get group info",
    params: z.object({ group_id: idParam() }),
    guestVersion: (params) => groupGuestVersion(params.group_id),
    response: z.object({ group: GroupSchema }),
  },
  async ({ params, viewer }) => ({ group: serializeGroup(await getGroup(viewer, { id: params.group_id })) }),
);

// POST /api/group/create
export const createGroupEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/group/create",
    family: "api",
    auth: "user",
    tag: "Groups",
    summary: "5. Create a group",
    params: CreateGroupFieldsSchema.extend({
      uid: idParam(),
      signature: trimmedString({ min: 1, max: 4096 }),
      signMsg: z.string({ error: "must be a string" }).max(4096, { error: "must be at most 4096 characters" }).optional(),
    }),
    response: z.object({ user: CreateGroupUserSchema }),
    errors: ["conflict"],
  },
  async ({ params, viewer, request }) => {
    if (params.uid !== viewer.id) throw new ApiError(40300, "uid: must be the id of the signed-in user");
    // Contract section 6: the signature is checked only when the message it signs comes with it.
    const proof = params.signMsg ? await checkUserWalletProof(viewer.id, params.signature, params.signMsg) : undefined;
    const { name, title, description, cover, logo } = params;
    await createGroup(viewer, { name, title, description, cover, logo }, { proof });
    const bundle = await getOwnAccount(viewer, { groups: true });
    return { user: serializeCreateGroupUser(bundle, readRequestOrigin(request)) };
  },
);
