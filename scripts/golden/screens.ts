// Screenshots of the main pages as a guest, and the share of pixels that differ between two sets.
//
//   npx tsx scripts/golden/screens.ts capture --base-url http://127.0.0.1:3411 --out <dir>
//   npx tsx scripts/golden/screens.ts compare <dir-a> <dir-b> [--diff-out <dir>] [--max-share 0]
//
// What moves between two runs of the same code is frozen: the clock (page.clock), relative times
// (their text is replaced before the shot), animations, transitions and the caret.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

export const SCREEN_PAGES: [string, string][] = [
  ["home", "/"],
  ["group", "/g/agora-lounge"],
  ["category", "/g/agora-lounge/c/1"],
  ["thread", "/g/agora-lounge/t/1/welcome-to-agora-read-this-first"],
  ["thread-long", "/g/ethereum-dev/t/14/how-do-you-fuzz-invariants"],
  ["user", "/u/1"],
  ["search", "/search?q=wallet"],
  ["signin", "/signin"],
  ["members", "/g/agora-lounge/members"],
  ["not-found", "/g/nope"],
];

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

const FREEZE_CSS = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }`;

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) => (image.complete ? null : new Promise((resolve) => image.addEventListener("load", resolve, { once: true })))),
    );
  });
  await page.addStyleTag({ content: FREEZE_CSS });
  // Relative times depend on how long after the seed the shot is taken: the same text for all.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll("time")) element.textContent = "time";
  });
  await page.waitForTimeout(300);
}

async function capture(baseUrl: string, outDir: string): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--font-render-hinting=none"],
  });
  try {
    for (const [device, options] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        ...options,
        deviceScaleFactor: 1,
        colorScheme: "light",
        reducedMotion: "reduce",
        locale: "en-US",
        timezoneId: "UTC",
      });
      for (const [name, route] of SCREEN_PAGES) {
        const page = await context.newPage();
        await page.clock.setFixedTime(new Date());
        await page.goto(new URL(route, baseUrl).toString(), { waitUntil: "load" });
        await settle(page);
        const file = path.join(outDir, `${name}-${device}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
        await page.close();
        console.log(`${file}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

function readPng(file: string): PNG {
  return PNG.sync.read(fs.readFileSync(file));
}

function compare(dirA: string, dirB: string, diffOut: string | null, maxShare: number): boolean {
  const names = [...new Set([...fs.readdirSync(dirA), ...fs.readdirSync(dirB)])].filter((name) => name.endsWith(".png")).sort();
  if (diffOut) fs.mkdirSync(diffOut, { recursive: true });
  let same = true;
  for (const name of names) {
    const [fileA, fileB] = [path.join(dirA, name), path.join(dirB, name)];
    if (!fs.existsSync(fileA) || !fs.existsSync(fileB)) {
      console.log(`${name.padEnd(28)} only in ${fs.existsSync(fileA) ? "a" : "b"}`);
      same = false;
      continue;
    }
    const [a, b] = [readPng(fileA), readPng(fileB)];
    // Pages of different heights: compared over the shared area, every extra row counted as differing.
    const width = Math.min(a.width, b.width);
    const height = Math.min(a.height, b.height);
    const crop = (image: PNG) => {
      const out = new PNG({ width, height });
      PNG.bitblt(image, out, 0, 0, width, height, 0, 0);
      return out;
    };
    const [cropA, cropB] = [crop(a), crop(b)];
    const diff = new PNG({ width, height });
    const differing = pixelmatch(cropA.data, cropB.data, diff.data, width, height, { threshold: 0.1 });
    const total = Math.max(a.width * a.height, b.width * b.height);
    const extra = total - width * height;
    const share = (differing + extra) / total;
    const size = a.width === b.width && a.height === b.height ? "" : `  size ${a.width}x${a.height} → ${b.width}x${b.height}`;
    console.log(`${name.padEnd(28)} ${(share * 100).toFixed(3).padStart(8)}% differ (${differing + extra} px)${size}`);
    if (share > maxShare) same = false;
    if (diffOut && differing + extra > 0) fs.writeFileSync(path.join(diffOut, name), PNG.sync.write(diff));
  }
  return same;
}

function option(args: string[], name: string): string | null {
  const index = args.indexOf(name);
  return index === -1 ? null : (args[index + 1] ?? null);
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === "capture") {
    const baseUrl = option(args, "--base-url");
    const out = option(args, "--out");
    if (!baseUrl || !out) throw new Error("usage: screens.ts capture --base-url URL --out DIR");
    await capture(baseUrl, out);
    return;
  }
  if (mode === "compare") {
    const dirs = args.filter((arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"));
    const maxShare = Number(option(args, "--max-share") ?? "0");
    if (dirs.length !== 2 || !(maxShare >= 0)) throw new Error("usage: screens.ts compare DIR_A DIR_B [--diff-out DIR] [--max-share 0.001]");
    if (!compare(dirs[0]!, dirs[1]!, option(args, "--diff-out"), maxShare)) process.exit(1);
    return;
  }
  throw new Error("usage: screens.ts capture --base-url URL --out DIR | compare DIR_A DIR_B [--diff-out DIR] [--max-share N]");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
