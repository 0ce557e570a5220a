"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { DraftKeySchema } from "@/lib/schemas/draft-schemas";
import { GroupNameSchema } from "@/lib/schemas/group-schemas";
import { idParam } from "@/lib/schemas/params";
import { MAX_THREAD_TAGS } from "@/lib/schemas/tag-schemas";
import { readLivePosts } from "@/lib/services/live";
import { MAX_FILE_ATTACHMENTS } from "@/lib/services/post-attachments";
import { readThread } from "@/lib/services/thread-reads";
import { createThread } from "@/lib/services/threads";
import { MAX_THREAD_PAGE_SIZE } from "@/lib/views/post-view";
import { toPostPage, toPostView } from "@/lib/views/thread-view";
import { readAuthorFaces, readThreadPageFaces } from "@/lib/services/badge-faces";

const NewThreadInput = z.object({
  groupName: z.string().min(1).max(64),
  title: z.string(),
  content: z.string(),
  categoryId: z.number().int().nonnegative().nullable(),
  /** Upload ids of the composer's attachment chips (contract section 15's file_attachments). */
  fileAttachments: z.array(z.number().int().positive()).max(MAX_FILE_ATTACHMENTS).default([]),
  /** The composer's draft: deleted with the thread's first post. */
  draftKey: DraftKeySchema.optional(),
  /** The opening post is sensitive content (contract section 17). */
  nsfw: z.boolean().default(false),
  /** Tags of the group (contract section 18). */
  tagIds: z.array(z.number().int().positive()).max(MAX_THREAD_TAGS).default([]),
  /** The composer's polls (contract section 18's poll objects), checked by the polls service. */
  polls: z.array(z.record(z.string(), z.unknown())).max(5).default([]),
  /** "Sign with wallet" (contract section 19): the signature and the typed data it signs. */
  sign: z.string().max(1024).optional(),
  signMsg: z.string().max(8192).optional(),
});
export type NewThreadInput = z.input<typeof NewThreadInput>;

/** Starts a thread through the same use case as the API and answers where it lives. */
export const createThreadAction = defineAction({ name: "createThread", auth: "user", input: NewThreadInput }, async ({ viewer, input }) => {
  const { groupName, ...rest } = input;
  const thread = await createThread(viewer, { group: { name: groupName }, ...rest });
  return { url: `/g/${encodeURIComponent(thread.groupName)}/t/${thread.id}/${encodeURIComponent(thread.slug || "thread")}` };
});

const NextPageInput = z.object({
  threadId: idParam(),
  groupName: GroupNameSchema,
  sort: z.enum(["old", "new"]),
  startPostId: idParam(),
  pageSize: z.number().int().min(1).max(MAX_THREAD_PAGE_SIZE),
});
export type NextPageInput = z.input<typeof NextPageInput>;

/** "Load more" on a thread: the next top-level posts after `startPostId`, bodies already rendered to safe HTML. */
export const loadNextThreadPage = defineAction({ name: "loadNextThreadPage", auth: "optional", input: NextPageInput }, async ({ viewer, input }) => {
  const read = await readThread(viewer, { ...input, pageSize: input.pageSize + 1 });
  return toPostPage(read.posts, input.pageSize, read.access, read.cutByBudget, await readThreadPageFaces(read));
});

const LivePostsInput = z.object({ threadId: idParam(), postIds: z.array(idParam()).min(1).max(50) });

/** Live updates of a thread page: these posts, rendered (without their replies), to show new ones or replace changed ones in place. */
export const loadLivePostsAction = defineAction({ name: "loadLivePosts", auth: "optional", input: LivePostsInput }, async ({ viewer, input }) => {
  const { nodes, access } = await readLivePosts(viewer, input.threadId, input.postIds);
  if (!access || nodes.length === 0) return [];
  const faces = await readAuthorFaces(
    nodes[0]!.post.groupId,
    nodes.map((node) => node.post.userId),
  );
  return nodes.map((node) => ({ ...toPostView(node, access, faces), children: [] }));
});
