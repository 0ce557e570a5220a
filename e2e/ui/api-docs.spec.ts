import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { withDatabase } from "../helpers/database";

// The interactive API reference at /docs/api (Scalar, served from our own origin), driven the way
// a client author uses it: find an operation, enter an API key, send a request, read the answer.
// The e2e server seeds demo groups with ids 1..4.
const suffix = randomBytes(3).toString("hex");
// A key of this run only, planted as its hash (the way `npm run apikey` stores keys).
const API_KEY = `agora_e2e_${randomBytes(18).toString("base64url")}`;
const OPERATION_PATH = "/api/v2/groups/{group_id}";
const GROUP_ID = "1";

test.beforeAll(async ({ baseURL }) => {
  await withDatabase(baseURL!, (db) =>
    db.query("INSERT INTO api_keys (label, key_hash, prefix) VALUES ($1, $2, $3)", [
      `e2e api docs ${suffix}`,
      createHash("sha256").update(API_KEY).digest("hex"),
      API_KEY.slice(0, 12),
    ]),
  );
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Every URL the page requests from now on (documents, scripts, styles, fonts, fetches). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectSameOrigin(urls: string[], baseURL: string) {
  const origin = new URL(baseURL).origin;
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin)).toEqual([]);
}

/** Scalar's sidebar search opener (a plain button since components/api-docs/scalar-repairs.ts). */
function scalarSearch(page: Page): Locator {
  return page.getByRole("button", { name: /^Open Search/ });
}

async function openReference(page: Page) {
  await page.goto("/docs/api");
  await expect(page).toHaveTitle(/^API reference/);
  // Scalar has rendered the document: its sidebar search and the document's title are there.
  await expect(scalarSearch(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** Finds an operation by its path with Scalar's search and opens its test-request client. */
async function openTestRequest(page: Page, method: string, path: string): Promise<Locator> {
  await scalarSearch(page).click();
  const search = page.getByRole("dialog", { name: "Reference Search" });
  await search.getByRole("combobox").fill(path);
  await search.getByRole("option", { name: new RegExp(`HTTP Method: ${method} Path: ${escapeRegExp(path)}$`) }).click();
  await page
    .getByRole("group", { name: `Request Example for ${method}${path}` })
    .getByRole("button", { name: "Test Request" })
    .click();
  const client = page.getByRole("dialog", { name: "API Client" });
  await expect(client).toBeVisible();
  return client;
}

/**
 * Sends the request and returns what the server answered. Scalar applies edits after a short
 * debounce, so a click right after typing can still send the old values: send until the request
 * carries what was entered.
 */
async function sendRequest(page: Page, client: Locator, expected: { path: string; apiKey: string }) {
  let status = 0;
  await expect(async () => {
    const response = page.waitForResponse(
      (candidate) => new URL(candidate.url()).pathname === expected.path && (candidate.request().headers()["api_key"] ?? "") === expected.apiKey,
      { timeout: 2_000 },
    );
    await client.getByRole("button", { name: /^Send get request/ }).click();
    status = (await response).status();
  }).toPass({ timeout: 15_000 });
  return status;
}

test("/docs/api: try a public GET with and without an API key, all from this origin", async ({ page, baseURL }) => {
  const requests = recordRequests(page);
  await openReference(page);

  const client = await openTestRequest(page, "get", OPERATION_PATH);
  // The path parameter.
  const variables = client.getByRole("region", { name: "Variables" });
  await variables.getByRole("row").filter({ hasText: "group_id" }).getByRole("textbox").last().fill(GROUP_ID);

  // No key: the API refuses, and the response panel says so.
  const responsePanel = client.getByRole("region", { name: "Response", exact: true });
  expect(await sendRequest(page, client, { path: `/api/v2/groups/${GROUP_ID}`, apiKey: "" })).toBe(401);
  await expect(responsePanel.getByText("401 Unauthorized")).toBeVisible();
  await expect(responsePanel.getByRole("region", { name: "Body" })).toContainText('"status": false');

  // The key, entered in Scalar's authentication form (header api_key, the document's first scheme).
  const authentication = client.getByRole("region", { name: /^Authentication/ });
  await expect(authentication.getByRole("button", { name: /Selected Auth Type: apiKeyHeader/ })).toBeVisible();
  await authentication.getByRole("textbox", { name: "Value" }).fill(API_KEY);
  expect(await sendRequest(page, client, { path: `/api/v2/groups/${GROUP_ID}`, apiKey: API_KEY })).toBe(200);
  await expect(responsePanel.getByText("200 OK")).toBeVisible();
  const body = responsePanel.getByRole("region", { name: "Body" });
  await expect(body).toContainText('"status": true');
  await expect(body).toContainText('"code": "20000"');

  await client.getByRole("button", { name: "Close Client" }).click();
  await expect(client).toBeHidden();
  // Scalar's bundle came from here (versioned, immutable), and nothing went anywhere else.
  expect(requests.some((url) => /\/docs\/api\/assets\/scalar-api-reference-[\d.]+-[0-9a-f]+\.js$/.test(url))).toBe(true);
  expectSameOrigin(requests, baseURL!);
});

test("/docs/api follows the site theme and leaves nothing behind on other pages", async ({ page, baseURL }) => {
  const requests = recordRequests(page);
  await openReference(page);
  const readBodyClasses = () => page.evaluate(() => [...document.body.classList].sort());
  const start = await page.evaluate(() => document.documentElement.dataset.theme ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
  await expect.poll(readBodyClasses).toEqual([`${start}-mode`]);
  await page.getByRole("button", { name: "Toggle dark theme" }).click();
  const flipped = start === "dark" ? "light" : "dark";
  await expect.poll(readBodyClasses).toEqual([`${flipped}-mode`]);

  // A client-side navigation away takes Scalar's stylesheets and body class with it...
  const countMarkedStyles = () => page.evaluate(() => document.querySelectorAll("style[data-e2e-scalar]").length);
  const scalarStyles = await page.evaluate(() => {
    const styles = document.head.querySelectorAll("style");
    styles.forEach((style) => style.setAttribute("data-e2e-scalar", ""));
    return styles.length;
  });
  expect(scalarStyles).toBeGreaterThan(0);
  await page.getByRole("banner").getByRole("link", { name: "Agora home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(scalarSearch(page)).toHaveCount(0);
  await expect.poll(readBodyClasses).toEqual([]);
  expect(await countMarkedStyles()).toBe(0);
  // ...and coming back puts them back.
  await page.goBack();
  await expect(scalarSearch(page)).toBeVisible();
  await expect.poll(readBodyClasses).toEqual([`${flipped}-mode`]);
  expect(await countMarkedStyles()).toBe(scalarStyles);
  expectSameOrigin(requests, baseURL!);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/docs/api lists every operation by family and resource", async ({ page }) => {
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "Agora API reference" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /\/api family/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /\/api\/v2 family/ })).toBeVisible();
    await expect(page.getByText("/api/get_thread/{thread_id}", { exact: true })).toBeVisible();
    await expect(page.getByText(OPERATION_PATH, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "/api/openapi.json" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
  });
});
