import "server-only";
import { methodsOf, type Endpoint, type RouteHandler } from "@/lib/api/define-endpoint";
import * as badges from "@/lib/api/endpoints/badges";
import * as bookmarks from "@/lib/api/endpoints/bookmarks";
import * as categories from "@/lib/api/endpoints/categories";
import * as drafts from "@/lib/api/endpoints/drafts";
import * as email from "@/lib/api/endpoints/email";
import * as feeds from "@/lib/api/endpoints/feeds";
import * as groupModeration from "@/lib/api/endpoints/group-moderation";
import * as groupFeatures from "@/lib/api/endpoints/group-features";
import * as groups from "@/lib/api/endpoints/groups";
import * as linkedWallets from "@/lib/api/endpoints/linked-wallets";
import * as tips from "@/lib/api/endpoints/tips";
import * as live from "@/lib/api/endpoints/live";
import * as memberships from "@/lib/api/endpoints/memberships";
import * as notifications from "@/lib/api/endpoints/notifications";
import * as polls from "@/lib/api/endpoints/polls";
import * as postModeration from "@/lib/api/endpoints/post-moderation";
import * as postProofs from "@/lib/api/endpoints/post-proofs";
import * as posts from "@/lib/api/endpoints/posts";
import * as search from "@/lib/api/endpoints/search";
import * as siteAdmin from "@/lib/api/endpoints/site-admin";
import * as tags from "@/lib/api/endpoints/tags";
import * as threadLists from "@/lib/api/endpoints/thread-lists";
import * as threadModeration from "@/lib/api/endpoints/thread-moderation";
import * as threads from "@/lib/api/endpoints/threads";
import * as userExports from "@/lib/api/endpoints/user-exports";
import * as userIgnores from "@/lib/api/endpoints/user-ignores";
import * as userPosts from "@/lib/api/endpoints/user-posts";
import * as uploads from "@/lib/api/endpoints/uploads";
import * as users from "@/lib/api/endpoints/users";
import * as wallet from "@/lib/api/endpoints/wallet";
import { serveMethods, type RouteContext, type RouteExports } from "@/lib/api/route-methods";
import { unknownApiPath } from "@/lib/api/unknown-path";

// An endpoint module's exports are its declarations; declaring one is all it takes to serve it.
const MODULES = [
  threads,
  threadLists,
  posts,
  groups,
  categories,
  users,
  userPosts,
  wallet,
  linkedWallets,
  tips,
  postModeration,
  threadModeration,
  groupModeration,
  notifications,
  live,
  search,
  uploads,
  memberships,
  drafts,
  userIgnores,
  bookmarks,
  feeds,
  tags,
  polls,
  postProofs,
  groupFeatures,
  siteAdmin,
  badges,
  email,
  userExports,
];

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "spec" in value && "handler" in value;
}

/** Every endpoint of both families: the route table below and the OpenAPI document are built from these. */
export const ENDPOINTS: readonly Endpoint[] = MODULES.flatMap((module) => Object.values(module).filter(isEndpoint));

/** The same, with the names they are exported under (the OpenAPI operationIds). */
export const NAMED_ENDPOINTS: readonly { name: string; spec: Endpoint["spec"] }[] = MODULES.flatMap((module) =>
  Object.entries(module).flatMap(([name, value]) => (isEndpoint(value) ? [{ name, spec: value.spec }] : [])),
);

type Segment = { literal: string } | { param: string };

interface Route {
  segments: Segment[];
  /** Literal segments: where two routes match (".../categories/create" and ".../categories/{category_id}"), the more literal wins. */
  literals: number;
  exports: RouteExports;
}

function compileRoutes(endpoints: readonly Endpoint[]): Route[] {
  const byPath = new Map<string, Partial<Record<"GET" | "POST", RouteHandler>>>();
  for (const { spec, handler } of endpoints) {
    const handlers = byPath.get(spec.path) ?? {};
    for (const method of methodsOf(spec)) {
      if (handlers[method]) throw new Error(`${method} ${spec.path} is declared twice`);
      handlers[method] = handler;
    }
    byPath.set(spec.path, handlers);
  }
  return [...byPath].map(([path, handlers]) => {
    const segments = path
      .split("/")
      .filter(Boolean)
      .map((part): Segment => (/^\{\w+\}$/.test(part) ? { param: part.slice(1, -1) } : { literal: part }));
    return { segments, literals: segments.filter((segment) => "literal" in segment).length, exports: serveMethods(handlers) };
  });
}

const ROUTES = compileRoutes(ENDPOINTS);

/** The route serving these (decoded) path segments, with its path parameters. */
export function matchRoute(parts: readonly string[]): { route: Route; params: Record<string, string> } | null {
  let best: { route: Route; params: Record<string, string> } | null = null;
  for (const route of ROUTES) {
    if (route.segments.length !== parts.length || (best && best.route.literals >= route.literals)) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      const part = parts[index]!;
      if ("literal" in segment) return segment.literal === part;
      params[segment.param] = part;
      return true;
    });
    if (matches) best = { route, params };
  }
  return best;
}

type Method = keyof RouteExports;

function dispatch(method: Method): RouteHandler {
  return async (request, context) => {
    const { path } = (await context.params) as { path?: string[] };
    const found = matchRoute(["api", ...(path ?? [])]);
    if (!found) return unknownApiPath(request);
    const routeContext: RouteContext = { params: Promise.resolve(found.params) };
    return found.route.exports[method](request, routeContext);
  };
}

/** The exports of the catch-all route file under /api: every declared endpoint, 405 for other methods, 404 elsewhere. */
export const apiRouter: RouteExports = {
  GET: dispatch("GET"),
  POST: dispatch("POST"),
  PUT: dispatch("PUT"),
  PATCH: dispatch("PATCH"),
  DELETE: dispatch("DELETE"),
  OPTIONS: dispatch("OPTIONS"),
};
