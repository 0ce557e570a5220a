import "server-only";
import { getViewer } from "@/lib/session/session";
import type { UserPostRecord } from "@/lib/db/user-posts";
import { countPages } from "@/lib/db/pagination";
import { proxyImageUrl } from "@/lib/media/image-proxy-url";
import { listUserPosts } from "@/lib/services/user-posts";
import { isUserIgnored } from "@/lib/services/user-ignores";
import { getPublicProfile } from "@/lib/services/user-profile";
import { excerptFromContent } from "@/lib/views/excerpt";

export const POSTS_PER_PAGE = 20;

export interface ProfileView {
  id: number;
  username: string;
  /** What the page loads (through /media/proxy), or "". */
  photoUrl: string;
  coverImage: string;
  bio: string;
  joinedAt: Date;
  posts: number;
}

/** A post in a person's list: what it did, where, and its opening words. */
export interface ProfilePostView {
  id: number;
  action: string;
  createdAt: Date;
  threadId: number;
  threadTitle: string;
  groupName: string;
  groupTitle: string;
  /** "" for a deleted post. */
  excerpt: string;
  /** Sensitive content: no excerpt, a mark instead. */
  sensitive: boolean;
}

function describeAction(row: UserPostRecord): string {
  if (row.thread.firstPostId === row.id) return "Started a thread";
  const parentPoster = row.parent?.user.username;
  return row.parentId !== null && parentPoster ? `Replied to ${parentPoster}` : "Replied";
}

export function toProfilePostView(row: UserPostRecord): ProfilePostView {
  const isOpening = row.thread.firstPostId === row.id;
  return {
    id: row.id,
    action: describeAction(row),
    createdAt: row.createdAt,
    threadId: row.threadId,
    threadTitle: row.thread.title,
    groupName: row.group.name,
    groupTitle: row.group.title,
    // A sensitive post's words stay under its cover on the thread page (contract section 17).
    excerpt: row.deletedBy === null && !row.nsfw ? excerptFromContent(row.content, 280, isOpening ? row.thread.title : undefined) : "",
    sensitive: row.deletedBy === null && row.nsfw,
  };
}

export async function loadProfile(userId: number): Promise<ProfileView> {
  const profile = await getPublicProfile(userId);
  return {
    id: profile.id,
    username: profile.username,
    photoUrl: proxyImageUrl(profile.photoUrl),
    coverImage: proxyImageUrl(profile.coverImage),
    bio: profile.bio ?? "",
    joinedAt: profile.createdAt,
    posts: profile.postsCount,
  };
}

/** One page of a person's posts, newest first, and how many pages there are. */
export async function loadProfilePosts(profile: ProfileView, page: number): Promise<{ posts: ProfilePostView[]; totalPages: number }> {
  const { posts } = await listUserPosts(await getViewer(), { userId: profile.id, page, perPage: POSTS_PER_PAGE });
  return { posts: posts.map(toProfilePostView), totalPages: countPages(profile.posts, POSTS_PER_PAGE) };
}

/** What the viewer may do about this person on their profile: Ignore / Unignore (not themselves, not signed out). */
export interface ProfileRelationView {
  canIgnore: boolean;
  ignoring: boolean;
}

export async function loadProfileRelation(profile: ProfileView): Promise<ProfileRelationView> {
  const viewer = await getViewer();
  if (!viewer || viewer.id === profile.id) return { canIgnore: false, ignoring: false };
  return { canIgnore: true, ignoring: await isUserIgnored(viewer, profile.id) };
}
