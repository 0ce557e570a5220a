import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../fixtures/wallet";
import { signInWithWallet } from "../helpers/sign-in";
import { writeThreadWithReplies } from "../helpers/writer-thread";

// Contract section 19 in the browser: "Sign with wallet" in the reply composer and the edit
// composer signs the post's EIP-712 typed data with the connected wallet (eth_signTypedData_v4),
// and the post then shows "Signed by 0x12…ab" with its proof, which the verifier accepts.

const suffix = randomBytes(3).toString("hex");

/** Runs the verifier as `npx agora-verify <file>` would, on the proof saved to a file. */
async function runVerifier(proof: unknown): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), "agora-proof-")), "proof.json");
  await writeFile(file, JSON.stringify(proof));
  const { stdout } = await promisify(execFile)(process.execPath, ["packages/agora-verify/bin/agora-verify.js", file]);
  return stdout;
}

test("a reply signed with the wallet shows who signed it, and its proof checks out offline", async ({ page, wallet, request, baseURL }) => {
  const { path, groupName, threadId } = await writeThreadWithReplies(request, baseURL!, `sig${suffix}`, []);
  await signInWithWallet(page, { username: `signer_${suffix}` });
  await page.goto(path);

  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await firstPost.getByRole("textbox", { name: /^Your reply/ }).click();
  await page.keyboard.type("Words I stand behind.");
  await firstPost.getByLabel(/Sign with wallet/).check();
  await firstPost.getByRole("button", { name: "Post reply" }).click();

  const reply = page.locator(".replies [data-testid=post]").filter({ hasText: "Words I stand behind." });
  const short = `${wallet.checksumAddress.toLowerCase().slice(0, 6)}…${wallet.address.slice(-4)}`;
  const mark = reply.getByTestId("signed-mark");
  await expect(mark.locator("summary")).toHaveText(`Signed by ${short}`);

  // What the wallet was asked to sign: Agora's Post for this group, thread and reply.
  expect(wallet.signedTypedData).toHaveLength(1);
  const typed = JSON.parse(wallet.signedTypedData[0]!) as { primaryType: string; domain: { name: string }; message: Record<string, unknown> };
  expect(typed).toMatchObject({ primaryType: "Post", domain: { name: "Agora" } });
  expect(typed.message).toMatchObject({ group: groupName, thread: threadId, title: "" });
  expect(String(typed.message.author).toLowerCase()).toBe(wallet.address);

  await mark.locator("summary").click();
  await expect(mark.getByText(wallet.address, { exact: true })).toBeVisible();
  await expect(mark.getByText("npx agora-verify")).toBeVisible();
  const download = mark.getByRole("link", { name: "Download proof" });
  const proofResponse = await page.request.get(new URL((await download.getAttribute("href"))!, page.url()).toString());
  expect(proofResponse.status()).toBe(200);
  const proof = await proofResponse.json();
  expect(proof).toMatchObject({ signer: wallet.address, wallet_type: 5, verified: 1 });
  expect(await runVerifier(proof)).toMatch(new RegExp(`^OK: post ${proof.post_id}: signed by ${wallet.address}`));

  // An edit signed again keeps the mark; an edit left unsigned drops it.
  await reply.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const editor = reply.getByRole("textbox", { name: /^Edit your post/ });
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Still.");
  await reply.getByLabel(/Sign with wallet/).check();
  await reply.getByRole("button", { name: "Save changes" }).click();
  // The editor holds the new words before the save: the save is done once the editor has closed.
  await expect(editor).toHaveCount(0);
  await expect(reply).toContainText("Words I stand behind. Still.");
  await expect(reply.getByTestId("signed-mark")).toBeVisible();
  expect(wallet.signedTypedData).toHaveLength(2);
  expect(JSON.parse(wallet.signedTypedData[1]!).message.previous).not.toMatch(/^0x0+$/);

  await page.reload();
  const edited = page.locator(".replies [data-testid=post]").filter({ hasText: "Still." });
  await expect(edited.getByTestId("signed-mark")).toBeVisible();
});

test("declining to sign sends nothing and says so", async ({ page, wallet, request, baseURL }) => {
  const { path } = await writeThreadWithReplies(request, baseURL!, `nosig${suffix}`, []);
  await signInWithWallet(page, { username: `decliner_${suffix}` });
  await page.goto(path);
  await wallet.rejectSignatures(true);
  const firstPost = page.locator(".post--first");
  await firstPost.getByRole("button", { name: "Reply" }).click();
  await firstPost.getByRole("textbox", { name: /^Your reply/ }).click();
  await page.keyboard.type("Not signed after all.");
  await firstPost.getByLabel(/Sign with wallet/).check();
  await firstPost.getByRole("button", { name: "Post reply" }).click();
  await expect(firstPost.getByRole("alert")).toHaveText("Your wallet declined to sign: the post was not sent.");
  await expect(page.locator(".replies [data-testid=post]")).toHaveCount(0);
});
