import { z } from "zod";

// Read once and validated, so a bad setting fails at start with a clear message. Exported for
// tests/docs/env-docs.test.ts, which holds docs/operations.md to these keys.
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_DATA_DIR: z.string().min(1).default(".data"),
  AGORA_SECRET: z
    .string()
    .min(32, "AGORA_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_MIGRATE_ON_START: z.enum(["0", "1"]).default("1"),
  AGORA_TOKEN_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
  // Named in the statement a wallet signs, which must be one line.
  AGORA_SITE_NAME: z
    .string()
    .min(1)
    .regex(/^[^\p{Cc}]+$/u, "AGORA_SITE_NAME must be one line")
    .default("Agora"),
  // The origin people reach the site on. Wallet sign-in messages name it (EIP-4361 domain and URI)
  // and only messages naming it are accepted, so a copy of the site cannot reuse a signature.
  AGORA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "AGORA_PUBLIC_URL must be an http(s) URL" })
    .refine(isBareOrigin, "AGORA_PUBLIC_URL must be an origin (scheme://host[:port]) without a path, query or credentials")
    .transform((value) => new URL(value).origin)
    .default(() => `http://localhost:${process.env.PORT || 3000}`),
  // The EIP-155 chain a sign-in message is bound to (1, Ethereum mainnet, is the chain the web client's wagmi uses).
  AGORA_CHAIN_ID: z.coerce.number().int().positive().default(1),
  // The EIP-712 domain chainId of signed posts (contract section 19): the composer signs with it and the server checks it.
  AGORA_SIGN_CHAIN_ID: z.coerce.number().int().positive().default(1),
  AGORA_WEB_WALLET_URL: z.string().url().optional(),
  AGORA_MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  // Largest stored post body (the normalised delta JSON, UTF-8 bytes), whatever its ops and text.
  AGORA_MAX_CONTENT_BYTES: z.coerce.number().int().min(1024).default(65_536),
  // Post content one thread page (get_thread, the thread page) carries before it stops adding posts.
  AGORA_PAGE_CONTENT_BYTES: z.coerce.number().int().min(65_536).default(2_097_152),
  AGORA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(1200),
  // Purse register (endpoint 14) binds any address and username without proof: a budget of its own.
  AGORA_PURSE_REGISTER_PER_MINUTE: z.coerce.number().int().nonnegative().default(10),
  // Budgets per minute (lib/rate-limit.ts); 0 turns one off.
  AGORA_RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().nonnegative().default(300),
  AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().nonnegative().default(30),
  AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE: z.coerce.number().int().nonnegative().default(30),
  AGORA_RATE_LIMIT_PAGES_PER_MINUTE: z.coerce.number().int().nonnegative().default(600),
  // Reverse proxies in front of Agora that append to X-Forwarded-For (lib/http/client-address.ts);
  // unset: AGORA_TRUST_PROXY=1 (deprecated) means 1, else 0 (the TCP peer is the client).
  AGORA_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  AGORA_TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  // Shared rate-limit budgets across instances (lib/redis.ts); unset: each instance counts alone.
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_REDIS_PREFIX: z
    .string()
    .min(1)
    .regex(/^[\w.:-]+$/, "AGORA_REDIS_PREFIX: letters, digits, _ . : - only")
    .default("agora"),
  // PostgreSQL connections per server process (the embedded database always uses 4).
  // Embedded database: a connection that holds the session inside a transaction and sends
  // nothing this long is rolled back and closed, so it cannot stall every other connection.
  AGORA_EMBEDDED_IDLE_TX_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  AGORA_DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // How long a valid API key is trusted without a lookup (lib/auth/api-keys.ts); 0: every request.
  AGORA_API_KEY_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // How long a user token's check (revocation, its user) is kept per token (lib/auth/token-checks.ts);
  // logout and profile changes drop it at once on every instance. 0: checked on every request.
  AGORA_TOKEN_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // Memory for answers to readers without a token (lib/api/guest-answers.ts); 0 turns them off.
  AGORA_GUEST_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  // Memory for API answers kept per signed-in reader (lib/api/reader-answers.ts); 0 turns them off.
  AGORA_READER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  // Memory for guests' rendered pages (lib/http/guest-page-cache.ts); 0 turns them off.
  AGORA_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  // Test servers only: count SQL statements per API request into X-Agora-Db-Queries (lib/db/engine/query-count.ts).
  AGORA_COUNT_QUERIES: z.enum(["0", "1"]).default("0"),
  // Browser origins allowed to call /api (CORS): "*" (the default), a comma-separated list, or "" for none.
  AGORA_CORS_ORIGINS: z.string().default("*"),
  // Strict-Transport-Security max-age on answers served over https; 0 sends none.
  AGORA_HSTS_MAX_AGE: z.coerce.number().int().nonnegative().default(15_552_000),
  // The image proxy (/media/proxy): largest image, time allowed, and addresses it may reach despite
  // being private (CIDR list; tests allow loopback). Public addresses are always allowed.
  AGORA_IMAGE_PROXY_MAX_BYTES: z.coerce.number().int().positive().default(5_242_880),
  AGORA_IMAGE_PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  AGORA_IMAGE_PROXY_ALLOW_PRIVATE: z.string().default(""),
  // Live events (lib/live/): LISTEN needs a session of its own, so behind a pooler in transaction
  // mode point this at the database directly; unset: DATABASE_URL.
  DATABASE_DIRECT_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Several instances (contract section 16): an optional streaming replica for reads, and the
  // instance's name in the X-Agora-Instance header (default: host and port).
  DATABASE_REPLICA_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_INSTANCE_ID: z
    .string()
    .regex(/^[\w.:@-]{1,100}$/, "AGORA_INSTANCE_ID: letters, digits, _ . : @ - only")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Tests only: several servers may share one embedded database (each keeps its own memory state).
  AGORA_EMBEDDED_SHARED: z.enum(["0", "1"]).default("0"),
  // Comment lines sent on an idle event stream so proxies and clients know it is alive.
  AGORA_LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  // Open event streams per person (or per API key and client address for guests), per instance.
  AGORA_LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(1000).default(5),
  // Embedded database only: how often the log is polled while streams are open.
  AGORA_LIVE_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(200),
  // Uploads (contract section 15, lib/uploads/): largest file, per-user daily budgets (0: off),
  // and an S3-compatible bucket instead of AGORA_DATA_DIR/uploads when AGORA_S3_BUCKET is set.
  AGORA_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10_485_760),
  AGORA_UPLOADS_PER_DAY: z.coerce.number().int().nonnegative().default(200),
  AGORA_UPLOAD_BYTES_PER_DAY: z.coerce.number().int().nonnegative().default(524_288_000),
  AGORA_S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_S3_REGION: z.string().default("us-east-1"),
  AGORA_S3_ACCESS_KEY_ID: z.string().optional(),
  AGORA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Token gates (contract section 14): the chains balances are read from, "<chain_id>=<url>,...".
  AGORA_RPC_URLS: z.string().default(""),
  // How long a balance read is kept, and how old a member's last gate check may be before a write re-checks it.
  AGORA_GATE_RECHECK_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  // Contract section 19's tips: confirmations a tip's transaction needs, and when (seconds after it is registered) the recheck-tip job checks its block is still on the chain ("within the next hour").
  AGORA_TIP_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
  AGORA_TIP_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(1800),
  // How often the gate sweep re-checks members whose last check is older than that.
  AGORA_GATE_SWEEP_MS: z.coerce.number().int().min(200).max(86_400_000).default(600_000),
  // How often days_member badges (contract section 19) are granted to members who now qualify: daily.
  AGORA_BADGE_GRANT_MS: z.coerce.number().int().min(200).max(86_400_000).default(86_400_000),
  // Archives (contract section 19): the Arweave gateway posts go to, and the wallet (a JWK file) that
  // pays for them; without both, archiving is off and groups cannot turn it on.
  AGORA_ARWEAVE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_ARWEAVE_KEY_FILE: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Where readers fetch archived data (<url>/<archive_id>), when not AGORA_ARWEAVE_URL.
  AGORA_ARWEAVE_PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Email (contract section 20): both turn it on; without them nothing is sent (lib/services/mail-transport.ts).
  AGORA_SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "AGORA_SMTP_URL must be an smtp:// or smtps:// URL" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AGORA_MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]+$/, "AGORA_MAIL_FROM must be one line")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How long a notification waits before it is mailed (not mailed if read on the site meanwhile).
  AGORA_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // How often waiting notification emails and due digests are looked for.
  AGORA_EMAIL_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

function isBareOrigin(value: string): boolean {
  const url = new URL(value);
  return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
}

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= EnvSchema.parse(process.env);
  return cached;
}
