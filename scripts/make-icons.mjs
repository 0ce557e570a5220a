// node scripts/make-icons.mjs: the raster icons drawn from app/icon.svg (the favicon, the
// Apple touch icon and the manifest's PNGs). Their output is committed; run it again after
// changing the SVG.
import fs from "node:fs";
import sharp from "sharp";

const svg = fs.readFileSync("app/icon.svg");
const png = (size) =>
  sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO holding PNG images (every browser since 2007 reads them): a 6-byte header, a 16-byte entry per image, then the images. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, bytes }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(bytes.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += bytes.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.bytes)]);
}

const sizes = [16, 32, 48];
fs.writeFileSync("app/favicon.ico", ico(await Promise.all(sizes.map(async (size) => ({ size, bytes: await png(size) })))));
// iOS rounds the corners itself and shows transparency as black: a full square.
fs.writeFileSync(
  "app/apple-icon.png",
  await sharp({ create: { width: 180, height: 180, channels: 4, background: "#6366f1" } })
    .composite([{ input: await png(180) }])
    .png({ compressionLevel: 9 })
    .toBuffer(),
);
fs.mkdirSync("public/icons", { recursive: true });
for (const size of [192, 512]) fs.writeFileSync(`public/icons/icon-${size}.png`, await png(size));
console.log("icons written");
