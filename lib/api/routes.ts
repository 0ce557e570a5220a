import "server-only";
import { methodsOf, type Endpoint, type RouteHandler } from "@/lib/api/define-endpoint";
import { createGroupCategory, getGroupCategories } from "@/lib/api/endpoints/categories";
import { createGroupEndpoint, getGroupInfo } from "@/lib/api/endpoints/groups";
import { createThreadPost } from "@/lib/api/endpoints/posts";
import { getCategoryThreads, getGroupThreads } from "@/lib/api/endpoints/thread-lists";
import { createGroupThread, getThread } from "@/lib/api/endpoints/threads";
import { getUserPosts, getWalletPostList } from "@/lib/api/endpoints/user-posts";
import { getMe, logout, updateInfo } from "@/lib/api/endpoints/users";
import { getWalletNonce, purseRegister, walletLogin, walletRegister } from "@/lib/api/endpoints/wallet";
import { serveMethods, type RouteExports } from "@/lib/api/route-methods";

/** Every endpoint of both families, in the reference's order: the route table and the OpenAPI document. */
export const ENDPOINTS: readonly Endpoint[] = [
  getThread,
  getCategoryThreads,
  createThreadPost,
  getGroupInfo,
  createGroupEndpoint,
  updateInfo,
  getGroupCategories,
  walletLogin,
  getMe,
  walletRegister,
  getWalletPostList,
  getGroupThreads,
  getUserPosts,
  purseRegister,
  getWalletNonce,
  logout,
  createGroupThread,
  createGroupCategory,
];

/** A route file's exports: the handlers of the endpoints declared at `path`, and 405 for other methods. */
export function serveRoute(path: string): RouteExports {
  const handlers: Partial<Record<"GET" | "POST", RouteHandler>> = {};
  for (const endpoint of ENDPOINTS.filter((candidate) => candidate.spec.path === path)) {
    for (const method of methodsOf(endpoint.spec)) handlers[method] = endpoint.handler;
  }
  if (Object.keys(handlers).length === 0) throw new Error(`No endpoint is declared at ${path}`);
  return serveMethods(handlers);
}
