import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/api/api-error";
import { loadGroupCategories } from "@/lib/api/endpoints/categories";
import { loadGroupInfo } from "@/lib/api/endpoints/groups";
import { loadThread } from "@/lib/api/endpoints/threads";
import { getViewer } from "@/lib/auth/session";
import { findThreadRoute } from "@/lib/db/thread-routes";
import type { PostSort } from "@/lib/views/post-view";

// The pages call the API's own loaders; these wrappers only turn "not found" into the 404
// page and share one load between generateMetadata and the page of the same request.

async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.code === 40400) notFound();
    throw error;
  }
}

const GROUP_NAME = /^[a-z0-9_-]{3,32}$/i;

/** A positive int from a path segment, or the 404 page. */
export function readIdSegment(segment: string): number {
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  return id;
}

/** `?page=`: a whole number from 1, anything else page 1. */
export function readPageParam(value: string | string[] | undefined): number {
  const page = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.max(page, 1);
}

export const getGroupByName = cache(async (name: string) => {
  if (!GROUP_NAME.test(name)) notFound();
  const viewer = await getViewer();
  return orNotFound(loadGroupInfo({ where: { name }, viewerId: viewer?.id ?? null }));
});

export const getGroupCategories = cache((groupId: number) => orNotFound(loadGroupCategories({ groupId })));

export const getThread = cache(async (threadId: number, groupName: string, sort: PostSort, pageSize: number) => {
  if (!GROUP_NAME.test(groupName)) notFound();
  const viewer = await getViewer();
  // One extra top-level post tells whether "Load more" has anything to load.
  return orNotFound(
    loadThread({ threadId, groupName, sort, pageSize: pageSize + 1, startPostId: 0, viewerId: viewer?.id ?? null }),
  );
});

/**
 * The canonical path of a thread named in a URL, or the 404 page when the thread does not
 * exist or lives in another group than the URL says.
 */
export const getThreadRoute = cache(async (threadIdSegment: string, groupName: string) => {
  const route = await findThreadRoute(readIdSegment(threadIdSegment));
  if (!route || route.groupName !== groupName.toLowerCase()) notFound();
  return { ...route, path: `/g/${route.groupName}/t/${route.id}/${route.slug}` };
});
