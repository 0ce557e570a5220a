import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializePoll, serializeVoter } from "@/lib/api/serializers/poll";
import { idParam, intParam, pageParam, pageSizeParam, unsetWhenBlank } from "@/lib/schemas/params";
import { parseJsonParam, PollResponseSchema, PollVotersResponseSchema, VoteOptionsParamSchema } from "@/lib/schemas/poll-schemas";
import { closePoll, createPoll, editPoll } from "@/lib/services/polls";
import { listPollVoters, unvotePoll, votePoll } from "@/lib/services/poll-votes";

// Contract section 18: polls. The poll object is read key by key by the service
// (lib/services/poll-input.ts), so a bad or unknown key is a 400 naming it.

const PollObjectParam = z.preprocess(
  parseJsonParam,
  z.unknown().refine((value) => value !== undefined, { error: "is required" }),
);
const pollParams = z.object({ poll_id: idParam() });

// POST /api/v2/threads/{thread_id}/polls
export const createPollEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/threads/{thread_id}/polls",
    family: "v2",
    auth: "user",
    tag: "Polls",
    summary: "Add a poll to a thread (its author and moderators; at most 5 a thread)",
    params: z.object({ thread_id: idParam(), poll: PollObjectParam }),
    response: PollResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ poll: serializePoll(await createPoll(viewer, params.thread_id, params.poll)) }),
);

// POST /api/v2/polls/{poll_id}/edit
export const editPollEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/polls/{poll_id}/edit",
    family: "v2",
    auth: "user",
    tag: "Polls",
    summary: "Change a poll's fields (options, type, eligibility, token and weighting only before the first vote)",
    params: pollParams.extend({ poll: PollObjectParam }),
    response: PollResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ poll: serializePoll(await editPoll(viewer, params.poll_id, params.poll)) }),
);

// POST /api/v2/polls/{poll_id}/vote
export const votePollEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/polls/{poll_id}/vote",
    family: "v2",
    auth: "user",
    tag: "Polls",
    summary: "Vote (option ids comma-separated; for ranked polls in order of preference); a second vote replaces the first where allowed",
    params: pollParams.extend({ options: VoteOptionsParamSchema }),
    response: PollResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ poll: serializePoll(await votePoll(viewer, params.poll_id, params.options)) }),
);

// POST /api/v2/polls/{poll_id}/unvote
export const unvotePollEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/polls/{poll_id}/unvote",
    family: "v2",
    auth: "user",
    tag: "Polls",
    summary: "Take one's vote back (while open, where allow_change is 1)",
    params: pollParams,
    response: PollResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ poll: serializePoll(await unvotePoll(viewer, params.poll_id)) }),
);

// POST /api/v2/polls/{poll_id}/close
export const closePollEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/polls/{poll_id}/close",
    family: "v2",
    auth: "user",
    tag: "Polls",
    summary: "Close a poll (closed=1) or open it again (closed=0)",
    params: pollParams.extend({ closed: intParam({ min: 0, max: 1 }) }),
    response: PollResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => ({ poll: serializePoll(await closePoll(viewer, params.poll_id, params.closed === 1)) }),
);

// GET /api/v2/polls/{poll_id}/voters
export const listPollVotersEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/polls/{poll_id}/voters",
    family: "v2",
    auth: "optional",
    tag: "Polls",
    summary: "Who voted (public voters, once the results are visible to the reader), newest first",
    params: pollParams.extend({ option_id: unsetWhenBlank(idParam().optional()), page: pageParam(), per_page: pageSizeParam(20) }),
    response: PollVotersResponseSchema,
    listKey: "voters",
    errors: ["not_found", "forbidden"],
  },
  async ({ params, viewer }) => {
    const query = { optionId: params.option_id ?? null, page: params.page, perPage: params.per_page };
    const { voters, count } = await listPollVoters(viewer, params.poll_id, query);
    return { voters: voters.map(serializeVoter), count };
  },
);
