// Upload throughput (contract section 15): a burst of 20 concurrent 5 MB JPEG uploads against a
// production server on a fresh embedded database (or --database-url), with the server's RSS
// sampled during the burst. Needs a build (`npm run build`); prints a table and writes
// bench/results/latest-uploads.json.
//   npx tsx --conditions=react-server bench/uploads.ts [--count 20] [--megabytes 5] [--database-url postgresql://...]
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { GENEROUS_BUDGETS } from "../tests/support/budgets";
import { runPackageScript, startServer } from "../tests/support/server-process";
import { processTreeRssMiB } from "./load/measure";
import { lastLine, runTsx } from "./support/processes";

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** A photo-like JPEG of at least `bytes`: noise compresses badly, as a real camera photo does. */
async function makeJpeg(bytes: number): Promise<Buffer> {
  let side = 1400;
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length >= bytes) return jpeg;
    side = Math.ceil(side * Math.sqrt(bytes / jpeg.length) * 1.05);
  }
}

async function main() {
  const count = Number(option("count", "20"));
  const megabytes = Number(option("megabytes", "5"));
  const databaseUrl = option("database-url", "");
  const dataDir = path.resolve(".test-data", `bench-uploads-${process.pid}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const jpeg = await makeJpeg(megabytes * 1_000_000);
  const server = await startServer({
    AGORA_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    ...GENEROUS_BUDGETS,
    AGORA_UPLOADS_PER_DAY: "0",
    AGORA_UPLOAD_BYTES_PER_DAY: "0",
  });
  try {
    const apiKey = lastLine(runPackageScript("apikey", ["create", "upload bench"], server.env));
    const fixture = JSON.parse(lastLine(runTsx("bench/load/upload-fixture.ts", [], server.env))) as { token: string; groupId: number };
    const send = async () => {
      const form = new FormData();
      form.append("group_id", String(fixture.groupId));
      form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "photo.jpg");
      const response = await fetch(`${server.baseUrl}/api/v2/uploads`, {
        method: "POST",
        headers: { api_key: apiKey, authorization: `Bearer ${fixture.token}` },
        body: form,
      });
      await response.arrayBuffer();
      return response.status;
    };
    await send(); // warm-up: the route's first request compiles nothing, but loads sharp
    const rssBefore = processTreeRssMiB(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, processTreeRssMiB(server.pid));
    }, 50);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: count }, () => send()));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssAfter = processTreeRssMiB(server.pid);
    const result = {
      at: new Date().toISOString(),
      database: databaseUrl ? "postgres" : "embedded",
      uploads: count,
      fileBytes: jpeg.length,
      ok: statuses.filter((status) => status === 200).length,
      statuses: Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((other) => other === status).length])),
      seconds: Number(seconds.toFixed(2)),
      uploadsPerSecond: Number((count / seconds).toFixed(2)),
      megabytesPerSecond: Number(((count * jpeg.length) / 1_000_000 / seconds).toFixed(1)),
      rssMiB: { before: Math.round(rssBefore), peak: Math.round(rssPeak), after: Math.round(rssAfter) },
    };
    console.log(`statuses: ${JSON.stringify(result.statuses)}`);
    console.log(`| uploads | file | ok | seconds | uploads/s | MB/s | RSS before | RSS peak | RSS after |`);
    console.log(`|--:|--:|--:|--:|--:|--:|--:|--:|--:|`);
    console.log(
      `| ${count} | ${(jpeg.length / 1_000_000).toFixed(1)} MB | ${result.ok} | ${result.seconds} | ${result.uploadsPerSecond} | ${result.megabytesPerSecond} | ${result.rssMiB.before} MiB | ${result.rssMiB.peak} MiB | ${result.rssMiB.after} MiB |`,
    );
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync(`bench/results/latest-uploads-${result.database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
