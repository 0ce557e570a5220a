import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Layers (STYLE.md, "The flow: one way, top to bottom"). Each folder is one layer; the first
// pattern that matches a file wins, so app/api and app/docs come before app, and `lib` (the
// top-level lib/*.ts files) comes after every lib folder: a new lib folder is "core" until it is
// named here, and core may import nothing else. Root files (proxy.ts, instrumentation.ts, configs)
// are process wiring in no layer, and go unchecked.
const LAYERS = [
  { type: "app-api", pattern: "app/api" }, // route files: one line handing an endpoint to the wrapper
  { type: "app-docs", pattern: "app/docs" }, // the API reference page: renders the OpenAPI document
  { type: "app", pattern: "app" }, // server pages, layouts and the browser-facing route files (uploads, media, live, sitemaps)
  { type: "components", pattern: "components" }, // React components: read view models, call actions
  { type: "api", pattern: "lib/api" }, // HTTP only: endpoint wrapper, endpoints, serializers, envelope, error table, OpenAPI
  { type: "actions", pattern: "lib/actions" }, // server actions: defineAction(...) → a service
  { type: "views", pattern: "lib/views" }, // page view models, built from domain records
  { type: "handlers", pattern: ["lib/media", "lib/pages"] }, // browser-facing handlers that are not API endpoints (uploads, files, image proxy, sitemaps)
  { type: "job-queue", pattern: "lib/jobs/queue" }, // the queue as services see it: enqueueInTransaction and the job payloads
  { type: "jobs", pattern: "lib/jobs" }, // background jobs: definitions (each calls a service) and the runner
  { type: "services", pattern: "lib/services" }, // use cases: validate, ask permissions, write in one transaction
  { type: "auth", pattern: "lib/auth" }, // who you are (keys, tokens, wallet proof) and what you may do (permissions.ts)
  { type: "uploads", pattern: "lib/uploads" }, // upload storage (disk, S3), budgets and attach rules
  { type: "live", pattern: "lib/live" }, // live events: hub, listeners, the event stream
  { type: "db", pattern: "lib/db" }, // typed domain records and queries, the Prisma client, the embedded database
  { type: "generated", pattern: "lib/generated" }, // the generated Prisma client: lib/db's alone
  { type: "http", pattern: "lib/http" }, // HTTP plumbing: headers, client address, CORS, domain error → status
  { type: "cache", pattern: "lib/cache" }, // versioned memo, single flight
  { type: "search", pattern: "lib/search" }, // search phrases, snippets and limits: pure
  { type: "schemas", pattern: "lib/schemas" }, // zod shapes and wire vocabulary: pure, safe on the client
  { type: "delta", pattern: "lib/delta" }, // the Quill delta: parse, render, mentions: pure
  { type: "client", pattern: ["lib/format", "lib/navigation", "lib/query", "lib/wallet"] }, // client-safe helpers: formatting, safe links, React Query, wagmi
  { type: "core", pattern: "lib" }, // lib/*.ts: env, errors, log, redis, rate limits, theme
  { type: "tooling", pattern: ["scripts", "bench", "prisma", "tests", "e2e", "clients"] }, // not in the flow: may import any layer
].map((layer) => ({ ...layer, partialMatch: false }));

// Files whose layer is not their folder's. Their row below adds to their folder's row.
const FILE_ROLES = [
  // A handler living among plumbing: the page event stream, the guest page cache proxy.ts answers from.
  { category: "handler", pattern: ["lib/live/page-routes.ts", "lib/http/guest-page-cache.ts"] },
  // Process wiring: graceful shutdown stops background work, the live hub and the database.
  { category: "wiring", pattern: "lib/shutdown.ts" },
  // Unit tests next to the code may reach any layer to set up what they test.
  { category: "test", pattern: "**/*.test.{ts,tsx}" },
  // Known exception: the browser session (next-auth). Its sign-in provider (wallet-credentials.ts)
  // calls the wallet login service, so these four sit above lib/services though they live in lib/auth;
  // moving them to a folder of their own is a follow-up.
  { category: "session", pattern: "lib/auth/{session,next-auth-options,next-auth-route,wallet-credentials}.ts" },
  // Single files that layers use though their folder's row does not allow it (SHARED_FILES).
  { category: "image-url", pattern: "lib/media/image-proxy-url.ts" }, // the signed /media/proxy address a page shows
  { category: "theme", pattern: "lib/theme.ts" }, // the theme cookie, read by the toggle and the layout
];

// The boundary table: what each layer may import besides itself. An arrow only points down.
const HANDLER = ["services", "views", "auth", "db", "uploads", "live", "http", "cache", "handlers", "schemas", "delta", "search", "core"];
const MAY_IMPORT = {
  "app-api": ["api", "auth"],
  "app-docs": ["api", "components", "views", "schemas", "client", "core"],
  app: ["components", "views", "actions", "auth", "handlers", "live", "schemas", "delta", "search", "client", "core"],
  components: ["views", "actions", "schemas", "delta", "search", "client"],
  api: ["services", "auth", "db", "uploads", "http", "cache", "schemas", "delta", "search", "core"],
  actions: ["services", "views", "auth", "http", "schemas", "delta", "search", "core"],
  views: ["services", "auth", "db", "uploads", "http", "schemas", "delta", "search", "client", "core"],
  handlers: HANDLER,
  jobs: ["services", "job-queue", "db", "core"],
  services: ["auth", "db", "uploads", "live", "cache", "job-queue", "schemas", "delta", "search", "core"],
  auth: ["db", "schemas", "core"],
  uploads: ["auth", "schemas", "core"],
  live: ["db", "core"],
  "job-queue": ["db", "core"],
  db: ["generated", "schemas", "delta", "search", "core"],
  http: ["cache", "core"],
  cache: ["core"],
  search: [],
  schemas: ["search"],
  delta: [],
  client: [],
  core: [],
};
const ROLE_MAY_IMPORT = {
  handler: HANDLER,
  session: ["services", "auth", "db", "http", "schemas", "client", "core"],
  wiring: LAYERS.map((layer) => layer.type),
  test: LAYERS.map((layer) => layer.type),
};
// Which layers may import those single files.
const SHARED_FILES = {
  "image-url": ["app", "views"],
  theme: ["app", "components"],
};
// Known exceptions, one import each, named here so they stay visible.
const EXCEPTIONS = [
  // The page upload handler reuses the API's multipart reader (it throws ApiError) and origin; moving
  // them to lib/http needs the reader's errors to become domain errors first.
  { from: "lib/media/receive-web-upload.ts", to: "lib/api/{api-error,read-upload,request-origin}.ts" },
  // The embedded database names the instance that serves it (AGORA_INSTANCE_ID, else host:port).
  { from: "lib/db/embedded-instance.ts", to: "lib/http/instance-header.ts" },
];

const POLICIES = [
  ...Object.entries(MAY_IMPORT).map(([type, allowed]) => ({
    from: { element: { type } },
    allow: { to: { element: { type: [type, ...allowed] } } },
  })),
  ...Object.entries(ROLE_MAY_IMPORT).map(([category, allowed]) => ({
    from: { file: { categories: category } },
    allow: { to: { element: { type: allowed } } },
  })),
  ...Object.entries(SHARED_FILES).map(([category, types]) => ({
    from: { element: { type: types } },
    allow: { to: { file: { categories: category } } },
  })),
  ...EXCEPTIONS.map(({ from, to }) => ({ from: { file: { path: from } }, allow: { to: { file: { path: to } } } })),
  { from: { element: { type: "tooling" } }, allow: { to: { element: { type: "*" } } } },
  // Later policies win over earlier ones: the session sits above lib/services (see FILE_ROLES), so
  // nothing at or below it may import it, except the files above it living in those folders.
  { from: { element: { type: ["services", "auth", "uploads", "live", "db"] } }, disallow: { to: { file: { categories: "session" } } } },
  { from: { file: { categories: ["session", "handler", "wiring", "test"] } }, allow: { to: { file: { categories: "session" } } } },
];

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    files: ["**/*.{js,jsx,mjs,ts,tsx,mts,cts}"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": LAYERS,
      "boundaries/files": FILE_ROLES,
      "boundaries/files-single-match": false,
    },
    rules: { "boundaries/dependencies": ["error", { default: "disallow", checkInternals: true, policies: POLICIES }] },
  },
  {
    ignores: [
      "lib/generated/**",
      ".next*/**",
      ".data/**",
      ".test-data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "clients/*/dist/**",
      "clients/typescript/src/schema.d.ts",
    ],
  },
];

export default config;
