import { getUserPosts } from "@/lib/api/endpoints/user-posts";

export const GET = getUserPosts.v2;
