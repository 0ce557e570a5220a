import "server-only";
import pino from "pino";
import { getEnv } from "@/lib/env";
import { resource } from "@/lib/runtime/registry";

// Secrets travel in these places; pino blanks them before anything is written.
const REDACT = ["req.headers.authorization", "req.headers.api_key", 'req.headers["svc-api-key"]', "params.api_key", "params.sign", "apiKey", "token"];

export const logger: pino.Logger = resource("log", () =>
  pino({
    level: getEnv().LOG_LEVEL,
    base: { service: "agora" },
    redact: { paths: REDACT, censor: "[redacted]" },
  }),
);
