import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getEnv } from "@/lib/env";
import { RateLimited } from "@/lib/errors";
import { getRedis, redisKeyPrefix } from "@/lib/redis";
import { resource } from "@/lib/runtime/registry";

// Per-user daily upload budgets (contract section 15): files (AGORA_UPLOADS_PER_DAY) and bytes
// (AGORA_UPLOAD_BYTES_PER_DAY), shared across instances through Redis like lib/rate-limit.ts.

const DAY_SECONDS = 86_400;
type UploadBudget = "files" | "bytes";

function createLimiter(name: UploadBudget): RateLimiterAbstract | null {
  const env = getEnv();
  const points = name === "files" ? env.AGORA_UPLOADS_PER_DAY : env.AGORA_UPLOAD_BYTES_PER_DAY;
  if (points === 0) return null;
  const keyPrefix = `${redisKeyPrefix()}:rl:upload-${name}`;
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: DAY_SECONDS });
  const redis = getRedis();
  if (!redis) return memory;
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: DAY_SECONDS, rejectIfRedisNotReady: true, insuranceLimiter: memory });
}

function getLimiter(name: UploadBudget): RateLimiterAbstract | null {
  const limiters = resource("uploads.limiters", () => new Map<UploadBudget, RateLimiterAbstract | null>());
  if (!limiters.has(name)) limiters.set(name, createLimiter(name));
  return limiters.get(name)!;
}

async function spend(name: UploadBudget, userId: number, points: number): Promise<void> {
  const limiter = getLimiter(name);
  if (!limiter || points <= 0) return;
  try {
    await limiter.consume(`user:${userId}`, Math.min(points, limiter.points + 1));
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    throw new RateLimited(Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
  }
}

/** Spends one file and `bytes` of the user's daily budgets, or throws RateLimited (429 / 42900). */
export async function spendUploadBudgets(userId: number, bytes: number): Promise<void> {
  await spend("files", userId, 1);
  await spend("bytes", userId, bytes);
}
