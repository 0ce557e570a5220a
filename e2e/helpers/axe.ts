import fs from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// WCAG 2.0 and 2.1 A/AA, plus axe's best practices (landmarks, heading order).
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];
const BLOCKING: Result["impact"][] = ["serious", "critical"];

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`);
  return `  ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${nodes.join("\n")}`;
}

/**
 * Runs axe on the page as it is now and fails the test (softly, so one run reports every page)
 * on any serious or critical violation. With A11Y_REPORT=<file>, every violation's rule, impact
 * and node count is appended there as a JSON line, for before/after tables.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  if (process.env.A11Y_REPORT) {
    const summary = violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
    fs.appendFileSync(process.env.A11Y_REPORT, `${JSON.stringify({ label, violations: summary })}\n`);
  }
  const blocking = violations.filter((violation) => BLOCKING.includes(violation.impact));
  expect.soft(blocking.length, `${label}: serious or critical axe violations\n${blocking.map(describeViolation).join("\n")}`).toBe(0);
}
