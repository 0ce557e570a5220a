import "server-only";
import pino from "pino";
import { getEnv } from "@/lib/env";

const globalForLog = globalThis as unknown as { agoraLogger?: pino.Logger };

// Secrets travel in these places; pino blanks them before anything is written.
const REDACT = ["req.headers.authorization", "req.headers.api_key", 'req.headers["svc-api-key"]', "params.api_key", "params.sign", "apiKey", "token"];

export const logger: pino.Logger =
  globalForLog.agoraLogger ??
  (globalForLog.agoraLogger = pino({
    level: getEnv().LOG_LEVEL,
    base: { service: "agora" },
    redact: { paths: REDACT, censor: "[redacted]" },
  }));
