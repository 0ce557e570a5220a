import "server-only";
import { z } from "zod";
import { CategorySchema } from "@/lib/schemas/category-schemas";
import { FeedItemSchema } from "@/lib/schemas/feed-schemas";
import { GroupAdminSchema, GroupSchema } from "@/lib/schemas/group-schemas";
import { BanSchema, LikeStateSchema, ModlogEntrySchema, QueuedReportSchema, ReportSchema, RevisionSchema } from "@/lib/schemas/moderation-schemas";
import { AttachedFileSchema, CreatedPostSchema, FirstPostSchema, PostSchema, UserBriefSchema } from "@/lib/schemas/post-schemas";
import { ThreadListItemSchema } from "@/lib/schemas/thread-list-schemas";
import { ThreadSchema } from "@/lib/schemas/thread-schemas";
import { UserPostSchema, WalletPostSchema } from "@/lib/schemas/user-post-schemas";
import { MeUserSchema } from "@/lib/schemas/user-schemas";
import { WalletNonceSchema } from "@/lib/schemas/wallet-schemas";

// The response shapes a client meets again and again, under names (components/schemas): the
// document refers to them with $ref, and the post tree recurses through "#/components/schemas/Post".
// Registered by instance, so every schema built from these (a response wrapping one) finds them.
export const componentRegistry = z.registry<{ id: string; description?: string }>();

const NAMED: [z.ZodType, string, string][] = [
  [PostSchema, "Post", "A post inside a thread, with its loaded replies nested in children.posts."],
  [FirstPostSchema, "FirstPost", "The opening post of a thread, with its author's level in the group."],
  [ThreadSchema, "ThreadFull", "A thread's full record, as get thread answers it."],
  [ThreadListItemSchema, "ThreadListItem", "A thread in a group's or a category's listing."],
  [FeedItemSchema, "FeedItem", "A thread in a feed: the list item plus its group, times and your read state."],
  [GroupSchema, "Group", "A group (community), as get group info answers it."],
  [GroupAdminSchema, "GroupAdmin", "A person with a role in a group: level 1 owner, 2 admin, 3 moderator."],
  [MeUserSchema, "User", "The signed-in user's own account."],
  [UserBriefSchema, "UserBrief", "The short user record embedded in threads and posts."],
  [CreatedPostSchema, "CreatedPost", "A post as create post answers it."],
  [AttachedFileSchema, "AttachedFile", "A file attached to a post."],
  [CategorySchema, "Category", "A category of a group."],
  [UserPostSchema, "UserPost", "A post in a user's post list."],
  [WalletPostSchema, "WalletPost", "A post in a wallet owner's post list."],
  [WalletNonceSchema, "WalletNonce", "A single-use message for a wallet to sign."],
  [RevisionSchema, "Revision", "An earlier version of a post: its content before one edit."],
  [ReportSchema, "Report", "A report of a post to the group's moderators."],
  [QueuedReportSchema, "QueuedReport", "A report in a group's moderation queue."],
  [BanSchema, "Ban", "A ban of a user in a group; until null lasts until lifted."],
  [ModlogEntrySchema, "ModlogEntry", "One moderator action; moderator is shown to the group's moderators only."],
  [LikeStateSchema, "LikeState", "A post's like state as the viewer left it."],
];

for (const [schema, id, description] of NAMED) componentRegistry.add(schema, { id, description });
