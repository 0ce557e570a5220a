import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain ES module of the cluster scripts, without type declarations
import { clusterDown, clusterUp } from "../../scripts/cluster/index.mjs";
import { buildApp } from "./server-process";
import { findFreePortBlock } from "./free-port";

export interface ClusterState {
  dir: string;
  baseUrl: string;
  apiKey: string;
  primaryUrl: string;
  replicaUrl: string;
  ports: { haproxy: number; primary: number; replica: number; pgbouncer: number; redis: number; instances: number[] };
  instances: { name: string; port: number; baseUrl: string; pidFile: string }[];
  instanceEnv: Record<string, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    cluster: ClusterState;
  }
}

// Budgets for the fault tests: the rate-limit test spends purse registers (600 a minute per API
// key and client address); everything else is far from its limits.
export const CLUSTER_ENV = {
  LOG_LEVEL: "warn",
  AGORA_RATE_LIMIT_PER_MINUTE: "1000000",
  AGORA_RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000000",
  AGORA_RATE_LIMIT_PAGES_PER_MINUTE: "1000000",
  AGORA_PURSE_REGISTER_PER_MINUTE: "600",
};

/** Four instances behind haproxy on a primary, a replica, pgbouncer and Redis of their own. */
export default async function setup(project: TestProject) {
  buildApp();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agora-cluster-"));
  const port = await findFreePortBlock(30);
  let state: ClusterState;
  try {
    state = (await clusterUp({ dir, instances: 4, port, env: CLUSTER_ENV })) as ClusterState;
  } catch (error) {
    // Whatever had started (the primary, say, when the replica could not) stops with the run.
    await clusterDown({ dir, clean: true });
    throw error;
  }
  project.provide("cluster", state);
  return async () => {
    await clusterDown({ dir, clean: true });
  };
}
