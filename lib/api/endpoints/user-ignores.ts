import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { flagCode } from "@/lib/db/records/codes";
import { idParam, intParam } from "@/lib/schemas/params";
import { setUserIgnored } from "@/lib/services/user-ignores";

// POST /api/v2/users/{user_id}/ignore
export const ignoreUserEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/users/{user_id}/ignore",
    family: "v2",
    auth: "user",
    tag: "Users",
    summary: "Ignore a person (1) or stop (0): no notifications they cause, their posts folded; they are never told",
    params: z.object({ user_id: idParam(), ignored: intParam({ min: 0, max: 1 }) }),
    response: z.object({ user_id: z.number().int(), ignored: z.number().int() }),
    errors: ["not_found"],
  },
  async ({ params, viewer }) => {
    const state = await setUserIgnored(viewer, params.user_id, params.ignored === 1);
    return { user_id: state.userId, ignored: flagCode(state.ignored) };
  },
);
