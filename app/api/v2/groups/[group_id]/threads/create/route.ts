import { createGroupThread } from "@/lib/api/endpoints/threads";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ POST: createGroupThread.v2 });
