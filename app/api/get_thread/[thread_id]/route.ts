import { getThread } from "@/lib/api/endpoints/threads";

export const GET = getThread.api;
