import { getGroupThreads } from "@/lib/api/endpoints/thread-lists";

export const GET = getGroupThreads.v2;
