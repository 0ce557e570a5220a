import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeUserPostList } from "@/lib/api/serializers/user-post";
import { serializeWalletPost } from "@/lib/api/serializers/wallet-post";
import { UserPostSchema, UserPostsParamsSchema, WalletPostListParamsSchema, WalletPostSchema } from "@/lib/schemas/user-post-schemas";
import { listUserPosts, listWalletPosts } from "@/lib/services/user-posts";

// GET /api/user/post/list
export const getWalletPostList = defineEndpoint(
  {
    method: "GET",
    path: "/api/user/post/list",
    family: "api",
    auth: "optional",
    tag: "Users",
    summary: "11. A user's posts by wallet address",
    params: WalletPostListParamsSchema,
    response: z.object({ posts: z.array(WalletPostSchema) }),
    listKey: "posts",
    errors: ["not_found"],
  },
  async ({ params, viewer }) => {
    const rows = await listWalletPosts(viewer, { web3PublicKey: params.web3_public_key, page: params.page, perPage: params.per_page });
    return { posts: rows.map(serializeWalletPost) };
  },
);

// GET /api/v2/users/{user_id}/posts
export const getUserPosts = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/users/{user_id}/posts",
    family: "v2",
    auth: "optional",
    tag: "Users",
    summary: "13. A user's posts by id",
    params: UserPostsParamsSchema,
    response: z.object({ user_posts: z.array(UserPostSchema) }),
    listKey: "user_posts",
  },
  async ({ params, viewer }) => {
    const list = await listUserPosts(viewer, { userId: params.user_id, page: params.page, perPage: params.per_page, filter: params.filter });
    return { user_posts: serializeUserPostList(list) };
  },
);
