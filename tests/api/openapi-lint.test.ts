import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

// The served document as a client developer's tools see it: Redocly's recommended rules
// (redocly.yaml) with no error and no warning.
const REDOCLY = path.resolve("node_modules/@redocly/cli/bin/cli.js");

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
}

describe("redocly lint of /api/openapi.json", () => {
  it("finds no error and no warning under the recommended rules", async () => {
    const document = await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).text();
    const file = path.join(inject("dataDir"), "openapi.json");
    fs.writeFileSync(file, document);
    const run = spawnSync(process.execPath, [REDOCLY, "lint", file, "--config", "redocly.yaml", "--format", "json"], { encoding: "utf8" });
    const report = JSON.parse(run.stdout) as LintReport;
    const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
