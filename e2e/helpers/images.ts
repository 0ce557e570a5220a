import sharp from "sharp";

/** A PNG of one colour, for the upload specs (each picks its own colours so files differ by content). */
export function makePng(width: number, height: number, color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
