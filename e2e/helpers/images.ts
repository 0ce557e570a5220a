import type { Locator } from "@playwright/test";
import sharp from "sharp";

/** A PNG of one colour, for the upload specs (each picks its own colours so files differ by content). */
export function makePng(width: number, height: number, color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Pastes a PNG into an editor the way a browser does (a ClipboardEvent holding the file). */
export async function pasteImage(editor: Locator, png: Buffer, name: string): Promise<void> {
  await editor.evaluate(
    (root, [bytes, fileName]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes as number[])], fileName as string, { type: "image/png" }));
      root.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    [[...png], name] as const,
  );
}
