// One scenario under load: a probe request (status and size, so a broken target shows before
// it is measured), a warm-up (JIT, caches, pool connections), then the measured window.
import autocannon, { type Result } from "autocannon";
import type { Scenario } from "./scenarios";

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface ScenarioResult {
  key: string;
  name: string;
  method: string;
  path: string;
  probeStatus: number;
  /** Body size of the probe answer. */
  bytes: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors and timeouts in the measured window. */
  errors: number;
  /** 2xx answers over probe, warm-up and window (create post: posts written). */
  succeeded: number;
}

async function probe(baseUrl: string, scenario: Scenario): Promise<{ status: number; bytes: number }> {
  const request = scenario.next?.() ?? { path: scenario.path, headers: scenario.headers, body: undefined };
  const response = await fetch(baseUrl + request.path, { method: scenario.method, headers: request.headers, body: request.body });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: body.length };
}

function fire(baseUrl: string, scenario: Scenario, connections: number, seconds: number): Promise<Result> {
  const { next } = scenario;
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    // Slow pages under 16 connections must count as slow, not as timeouts.
    timeout: 60,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: scenario.headers,
        ...(next ? { setupRequest: (request) => ({ ...request, ...next() }) } : {}),
      },
    ],
  });
}

export async function measureScenario(baseUrl: string, scenario: Scenario, settings: LoadSettings): Promise<ScenarioResult> {
  const first = await probe(baseUrl, scenario);
  const warmup = await fire(baseUrl, scenario, settings.connections, settings.warmupSeconds);
  const measured = await fire(baseUrl, scenario, settings.connections, settings.durationSeconds);
  return {
    key: scenario.key,
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    probeStatus: first.status,
    bytes: first.bytes,
    reqPerSec: measured.requests.average,
    p50Ms: measured.latency.p50,
    p99Ms: measured.latency.p99,
    non2xx: measured.non2xx,
    errors: measured.errors,
    succeeded: (first.status < 300 ? 1 : 0) + warmup["2xx"] + measured["2xx"],
  };
}
