import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";

/** Saves `target` (a whole page, or one element) at desktop and phone widths, to look at before a change lands. */
export async function shootAtWidths(target: Page | Locator, page: Page, folder: string, name: string): Promise<void> {
  fs.mkdirSync(folder, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await target.screenshot({ path: `${folder}/${name}-${width}.png`, ...("goto" in target ? { fullPage: true } : {}) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
