import { z } from "zod";

// Read once and validated, so a bad setting fails at start with a clear message.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  AGORA_DATA_DIR: z.string().min(1).default(".data"),
  AGORA_SECRET: z.string().min(32, "AGORA_SECRET must be at least 32 characters").optional(),
  AGORA_MIGRATE_ON_START: z.enum(["0", "1"]).default("1"),
  AGORA_TOKEN_TTL_DAYS: z.coerce.number().int().positive().max(365).default(30),
  AGORA_SITE_NAME: z.string().min(1).default("Agora"),
  AGORA_WEB_WALLET_URL: z.string().url().optional(),
  AGORA_MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  AGORA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(1200),
  AGORA_TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  // PostgreSQL connections per server process (the embedded database always uses 4).
  AGORA_DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // Test servers only: count SQL statements per API request into X-Agora-Db-Queries (lib/db/query-count.ts).
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= EnvSchema.parse(process.env);
  return cached;
}
