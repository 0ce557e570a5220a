import "server-only";
import { subscribe } from "node:diagnostics_channel";
import os from "node:os";
import type { ServerResponse } from "node:http";
import { getEnv } from "@/lib/env";

let installed = false;

/** AGORA_INSTANCE_ID, else this host and port: which instance answered (contract section 16). */
export function instanceId(): string {
  return getEnv().AGORA_INSTANCE_ID ?? `${os.hostname()}:${process.env.PORT ?? "3000"}`;
}

/**
 * `X-Agora-Instance` on every answer: pages, the API, static files and Next's own errors. Node
 * announces each request before any handler runs; a header set on its response then is sent with
 * whatever the handler writes.
 */
export function installInstanceHeader(): void {
  if (installed) return;
  installed = true;
  const id = instanceId();
  subscribe("http.server.request.start", (message) => {
    const response = (message as { response?: ServerResponse }).response;
    if (response && !response.headersSent) response.setHeader("x-agora-instance", id);
  });
}
