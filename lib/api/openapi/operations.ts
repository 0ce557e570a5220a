import "server-only";
import { z } from "zod";
import { createGroupCategory, getGroupCategories } from "@/lib/api/endpoints/categories";
import { createGroupEndpoint } from "@/lib/api/endpoints/group-create";
import { getGroupInfo } from "@/lib/api/endpoints/groups";
import { createThreadPost } from "@/lib/api/endpoints/posts";
import { getCategoryThreads, getGroupThreads } from "@/lib/api/endpoints/thread-lists";
import { createGroupThread, getThread } from "@/lib/api/endpoints/threads";
import { getUserPosts, getWalletPostList } from "@/lib/api/endpoints/user-posts";
import { getMe, logout, updateInfo } from "@/lib/api/endpoints/users";
import { getWalletNonce, purseRegister, walletLogin, walletRegister } from "@/lib/api/endpoints/wallet";
import type { Operation } from "@/lib/api/openapi/build-document";
import { CategorySchema } from "@/lib/schemas/category-schemas";
import { GroupSchema } from "@/lib/schemas/group-schemas";
import { CreatePostResponseSchema } from "@/lib/schemas/post-schemas";
import { ThreadListItemSchema } from "@/lib/schemas/thread-list-schemas";
import { ThreadResponseSchema } from "@/lib/schemas/thread-schemas";
import { UserPostSchema, WalletPostSchema } from "@/lib/schemas/user-post-schemas";
import {
  CreateGroupUserSchema,
  MeUserSchema,
  PurseRegisterUserSchema,
  UpdateInfoUserSchema,
  WalletLoginUserSchema,
  WalletRegisterUserSchema,
} from "@/lib/schemas/user-schemas";
import { WalletNonceSchema } from "@/lib/schemas/wallet-schemas";

const threads = z.object({ threads: z.array(ThreadListItemSchema) });

/** Every operation of both families, with the schema of its `data` (reference numbering in the summaries). */
export const OPERATIONS: Operation[] = [
  { method: "get", path: "/api/get_thread/{thread_id}", family: "api", tag: "Threads", summary: "1. Get thread info", endpoint: getThread, data: ThreadResponseSchema },
  { method: "get", path: "/api/v2/groups/{group_id}/categories/{category_id}", family: "v2", tag: "Threads", summary: "2. Threads of a category", endpoint: getCategoryThreads, data: threads },
  { method: "post", path: "/api/v2/threads/{thread_id}/posts/create", family: "v2", tag: "Posts", summary: "3. Create a post (parent_id to reply)", endpoint: createThreadPost, data: CreatePostResponseSchema },
  { method: "get", path: "/api/v2/groups/{group_id}", family: "v2", tag: "Groups", summary: "4. Get group info", endpoint: getGroupInfo, data: z.object({ group: GroupSchema }) },
  { method: "post", path: "/api/group/create", family: "api", tag: "Groups", summary: "5. Create a group", endpoint: createGroupEndpoint, data: z.object({ user: CreateGroupUserSchema }) },
  { method: "post", path: "/api/user/update_info", family: "api", tag: "Users", summary: "6. Update user info", endpoint: updateInfo, data: UpdateInfoUserSchema },
  { method: "get", path: "/api/v2/groups/{group_id}/categories", family: "v2", tag: "Categories", summary: "7. Categories of a group", endpoint: getGroupCategories, data: z.object({ category: z.array(CategorySchema) }) },
  { method: "post", path: "/api/wallet/login", family: "api", tag: "Wallet", summary: "8. Log in with a wallet", endpoint: walletLogin, data: z.object({ user: WalletLoginUserSchema, api_token: z.string() }) },
  { method: "post", path: "/api/me", family: "api", tag: "Users", summary: "9. The signed-in user", endpoint: getMe, data: z.object({ user: MeUserSchema }) },
  { method: "get", path: "/api/me", family: "api", tag: "Users", summary: "9. The signed-in user (GET also answers)", endpoint: getMe, data: z.object({ user: MeUserSchema }) },
  { method: "post", path: "/api/wallet/register", family: "api", tag: "Wallet", summary: "10. Register with a wallet (an existing address logs in)", endpoint: walletRegister, data: z.object({ user: WalletRegisterUserSchema, api_token: z.string() }) },
  { method: "get", path: "/api/user/post/list", family: "api", tag: "Users", summary: "11. A user's posts by wallet address", endpoint: getWalletPostList, data: z.object({ posts: z.array(WalletPostSchema) }) },
  { method: "get", path: "/api/v2/groups/{group_id}/threads", family: "v2", tag: "Threads", summary: "12. Threads of a group", endpoint: getGroupThreads, data: threads },
  { method: "get", path: "/api/v2/users/{user_id}/posts", family: "v2", tag: "Users", summary: "13. A user's posts by id", endpoint: getUserPosts, data: z.object({ user_posts: z.array(UserPostSchema) }) },
  { method: "post", path: "/api/v2/purse/register", family: "v2", tag: "Wallet", summary: "14. Register a wallet without proof (quick start)", endpoint: purseRegister, data: z.object({ user: PurseRegisterUserSchema }) },
  { method: "get", path: "/api/wallet/nonce", family: "api", tag: "Wallet", summary: "The message a wallet signs to log in or register", endpoint: getWalletNonce, data: WalletNonceSchema },
  { method: "post", path: "/api/logout", family: "api", tag: "Users", summary: "Revoke the token", endpoint: logout, data: z.object({}) },
  { method: "post", path: "/api/v2/groups/{group_id}/threads/create", family: "v2", tag: "Threads", summary: "Create a thread with its first post", endpoint: createGroupThread, data: ThreadResponseSchema },
  { method: "post", path: "/api/v2/groups/{group_id}/categories/create", family: "v2", tag: "Categories", summary: "Create a category (group owner or admin)", endpoint: createGroupCategory, data: z.object({ category: CategorySchema }) },
];
