"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { idParam } from "@/lib/schemas/params";
import { updateGroupPolicy } from "@/lib/services/groups";
import { closePoll, createPoll, editPoll } from "@/lib/services/polls";
import { readPoll } from "@/lib/services/poll-reads";
import { listPollVoters, unvotePoll, votePoll } from "@/lib/services/poll-votes";
import { toPollView, toPollVoterPage } from "@/lib/views/poll-views";

// The thread page's poll card: vote, withdraw, close and reopen, and reading a poll again (after
// a live `poll` event) and its public voters, through the same services as the API.

const PollInput = z.object({ pollId: idParam() });
const VoteInput = z.object({ pollId: idParam(), optionIds: z.array(idParam()).min(1).max(20) });
const CloseInput = z.object({ pollId: idParam(), closed: z.boolean() });
const PollObject = z.record(z.string(), z.unknown());
const CreateInput = z.object({ threadId: idParam(), poll: PollObject });
const EditInput = z.object({ pollId: idParam(), poll: PollObject });
const PollCategoriesInput = z.object({ groupId: idParam(), categoryIds: z.array(idParam()).max(500) });
const VotersInput = z.object({ pollId: idParam(), page: z.number().int().min(1).max(10_000).default(1) });
export type VoteInput = z.input<typeof VoteInput>;
const VOTERS_PER_PAGE = 20;

/** Casts (or replaces) the reader's ballot; answers the poll as they now see it. */
export const votePollAction = defineAction({ name: "votePoll", auth: "user", input: VoteInput }, async ({ viewer, input }) =>
  toPollView(await votePoll(viewer, input.pollId, input.optionIds)),
);

/** Adds a poll to a thread (its author and the group's moderators); the service checks the poll object as the API does. */
export const createPollAction = defineAction({ name: "createPoll", auth: "user", input: CreateInput }, async ({ viewer, input }) =>
  toPollView(await createPoll(viewer, input.threadId, input.poll)),
);

/** Changes the fields sent; options, kind and token only before the first vote. */
export const editPollAction = defineAction({ name: "editPoll", auth: "user", input: EditInput }, async ({ viewer, input }) =>
  toPollView(await editPoll(viewer, input.pollId, input.poll)),
);

/** The group's categories whose new threads must carry a poll (group settings' poll_category). */
export const setPollCategoriesAction = defineAction(
  { name: "setPollCategories", auth: "user", input: PollCategoriesInput },
  async ({ viewer, input }) => (await updateGroupPolicy(viewer, input.groupId, { pollCategoryIds: input.categoryIds })).record.group.pollCategoryIds,
);

/** Withdraws the reader's ballot. */
export const unvotePollAction = defineAction({ name: "unvotePoll", auth: "user", input: PollInput }, async ({ viewer, input }) =>
  toPollView(await unvotePoll(viewer, input.pollId)),
);

/** Closes or reopens a poll (the thread's author and moderators). */
export const closePollAction = defineAction({ name: "closePoll", auth: "user", input: CloseInput }, async ({ viewer, input }) =>
  toPollView(await closePoll(viewer, input.pollId, input.closed)),
);

/** The poll as this reader sees it now (after a live `poll` event, or when its time to open or close passes). */
export const loadPollAction = defineAction({ name: "loadPoll", auth: "optional", input: PollInput }, async ({ viewer, input }) =>
  toPollView(await readPoll(viewer, input.pollId)),
);

/** A page of a public poll's voters. */
export const loadPollVotersAction = defineAction({ name: "loadPollVoters", auth: "optional", input: VotersInput }, async ({ viewer, input }) =>
  toPollVoterPage(await listPollVoters(viewer, input.pollId, { optionId: null, page: input.page, perPage: VOTERS_PER_PAGE })),
);
