import { getUserPosts } from "@/lib/api/endpoints/user-posts";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: getUserPosts.v2 });
