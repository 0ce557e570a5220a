import { getGroupThreads } from "@/lib/api/endpoints/thread-lists";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: getGroupThreads.v2 });
