import { createThreadPost } from "@/lib/api/endpoints/posts";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ POST: createThreadPost.v2 });
