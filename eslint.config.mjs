import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Layers (STYLE.md, "The flow: one way, top to bottom"). Each folder is one layer; the first
// pattern that matches a file wins, so app/api and app/docs come before app, and `lib` (the
// top-level lib/*.ts files) comes after every lib folder: a new lib folder is "core" until it is
// named here, and core may import nothing but the runtime registry. Root files (proxy.ts, instrumentation.ts, configs)
// are process wiring in no layer, and go unchecked.
const LAYERS = [
  { type: "app-api", pattern: "app/api" }, // route files: one line handing an endpoint to the wrapper
  { type: "app-docs", pattern: "app/docs" }, // the API reference page: renders the OpenAPI document
  { type: "app", pattern: "app" }, // server pages, layouts and the browser-facing route files (uploads, media, live, sitemaps): one line each
  { type: "components", pattern: "components" }, // React components: read view models, call actions
  { type: "api", pattern: "lib/api" }, // HTTP only: endpoint wrapper, endpoints, serializers, envelope, error codes, OpenAPI
  // Browser-facing entries that are not API endpoints, each through the one wrapper (lib/web/define-web-entry.ts):
  // uploads, files and the image proxy (lib/media), sitemaps (lib/pages), the page event stream and next-auth (lib/web).
  { type: "web", pattern: ["lib/web", "lib/media", "lib/pages"] },
  { type: "actions", pattern: "lib/actions" }, // server actions: defineAction(...) → a service
  { type: "views", pattern: "lib/views" }, // page view models, built from domain records
  // The browser session (next-auth): its options, the wallet sign-in provider, getViewer. Above lib/services: signing in is a use case.
  { type: "session", pattern: "lib/session" },
  { type: "job-queue", pattern: "lib/jobs/queue" }, // the queue as services see it: enqueueInTransaction and the job payloads
  { type: "jobs", pattern: "lib/jobs" }, // background jobs: definitions (each calls a service) and the runner
  { type: "services", pattern: "lib/services" }, // use cases: validate, ask permissions, write in one transaction
  { type: "auth", pattern: "lib/auth" }, // who you are (keys, tokens, wallet proof) and what you may do (permissions.ts); no session
  { type: "uploads", pattern: "lib/uploads" }, // upload storage (disk, S3), budgets and attach rules
  { type: "backup", pattern: "lib/backup" }, // npm run backup and restore: the snapshot, the archive, the load
  { type: "live", pattern: "lib/live" }, // live events: hub, listeners, the event feed
  // The database engine (client, transactions, read routing, migrations, health, query counting) and the embedded
  // server (PGlite behind a wire-protocol server). Only lib/db's table modules reach the ORM; services take transactions.
  { type: "db-engine", pattern: ["lib/db/engine", "lib/db/embedded"] },
  { type: "db", pattern: "lib/db" }, // table modules: typed domain records and their queries, one module per table or aggregate
  { type: "generated", pattern: "lib/generated" }, // the generated Prisma client: lib/db's alone
  { type: "http", pattern: "lib/http" }, // HTTP plumbing: headers, client address, CORS, the error table, event-stream bytes, upload bodies
  { type: "cache", pattern: "lib/cache" }, // the versioned cache (local and Redis tiers), single flight
  { type: "runtime", pattern: "lib/runtime" }, // the registry of process-wide resources, on globalThis: every server layer's
  { type: "search", pattern: "lib/search" }, // search phrases, snippets and limits: pure
  { type: "schemas", pattern: "lib/schemas" }, // zod shapes and wire vocabulary: pure, safe on the client
  { type: "delta", pattern: "lib/delta" }, // the Quill delta: parse, render, mentions: pure
  { type: "client", pattern: ["lib/format", "lib/navigation", "lib/query", "lib/wallet"] }, // client-safe helpers: formatting, safe links, React Query, wagmi
  { type: "core", pattern: "lib" }, // lib/*.ts: env, errors, log, redis, rate limits, theme
  { type: "tooling", pattern: ["scripts", "bench", "prisma", "tests", "e2e", "clients"] }, // not in the flow: may import any layer
].map((layer) => ({ ...layer, partialMatch: false }));

// Files whose layer is not their folder's. Their row below adds to their folder's row.
const FILE_ROLES = [
  // A handler living among plumbing: the guest page cache proxy.ts answers from.
  { category: "handler", pattern: "lib/http/guest-page-cache.ts" },
  // Process wiring: graceful shutdown stops background work, the live hub and the database.
  { category: "wiring", pattern: "lib/shutdown.ts" },
  // Unit tests next to the code may reach any layer to set up what they test.
  { category: "test", pattern: "**/*.test.{ts,tsx}" },
  // Single files that layers use though their folder's row does not allow it (SHARED_FILES).
  { category: "image-url", pattern: "lib/media/image-proxy-url.ts" }, // the signed /media/proxy address a page shows
  { category: "theme", pattern: "lib/theme.ts" }, // the theme cookie, read by the toggle and the layout
  { category: "transaction", pattern: "lib/db/engine/transaction.ts" }, // inTransaction and Tx: a use case opens the transaction its writes share
];

// The boundary table: what each layer may import besides itself. An arrow only points down.
const HANDLER = ["services", "views", "auth", "db", "uploads", "live", "http", "cache", "schemas", "delta", "search", "core", "runtime"];
const MAY_IMPORT = {
  "app-api": ["api", "web"],
  "app-docs": ["api", "components", "views", "schemas", "client", "core"],
  app: ["components", "views", "actions", "session", "auth", "web", "live", "schemas", "delta", "search", "client", "core", "runtime"],
  components: ["views", "actions", "schemas", "delta", "search", "client"],
  api: ["services", "auth", "db", "db-engine", "uploads", "http", "cache", "schemas", "delta", "search", "core", "runtime"],
  web: ["session", ...HANDLER],
  actions: ["session", "services", "views", "auth", "http", "schemas", "delta", "search", "core", "runtime"],
  views: ["session", "services", "auth", "db", "uploads", "http", "schemas", "delta", "search", "client", "core", "runtime"],
  session: ["services", "auth", "db", "http", "schemas", "client", "core", "runtime"],
  services: ["auth", "db", "uploads", "live", "cache", "job-queue", "schemas", "delta", "search", "core", "runtime"],
  auth: ["db", "schemas", "core", "runtime"],
  uploads: ["auth", "schemas", "core", "runtime"],
  live: ["db", "core", "runtime"],
  backup: ["db", "db-engine", "uploads", "core", "runtime"],
  db: ["db-engine", "generated", "schemas", "delta", "search", "core", "runtime"],
  "db-engine": ["generated", "schemas", "core", "runtime"],
  http: ["cache", "core", "runtime"],
  cache: ["core", "runtime"],
  runtime: [],
  jobs: ["services", "job-queue", "db", "db-engine", "core", "runtime"],
  "job-queue": ["db", "db-engine", "core", "runtime"],
  search: [],
  schemas: ["search"],
  delta: [],
  client: [],
  core: ["runtime"],
};
const ROLE_MAY_IMPORT = {
  handler: ["web", ...HANDLER],
  wiring: LAYERS.map((layer) => layer.type),
  test: LAYERS.map((layer) => layer.type),
};
// Which layers may import those single files.
const SHARED_FILES = {
  "image-url": ["app", "views"],
  theme: ["app", "components"],
  transaction: ["services", "auth"],
};
// Known exceptions, one import each, named here so they stay visible.
const EXCEPTIONS = [
  // The embedded database names the instance that serves it (AGORA_INSTANCE_ID, else host:port).
  { from: "lib/db/embedded/instance.ts", to: "lib/http/instance-header.ts" },
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
