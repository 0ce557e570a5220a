import { createThreadPost } from "@/lib/api/endpoints/posts";

export const POST = createThreadPost.v2;
