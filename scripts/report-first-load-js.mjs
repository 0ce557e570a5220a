// After `next build`: the JavaScript a browser downloads on a first visit to the key pages,
// read from the build's own manifests (Next 16 no longer prints per-route sizes), plus what the
// thread page adds once the lazily loaded editor opens.
//   node scripts/report-first-load-js.mjs [--json]      (AGORA_NEXT_DIST_DIR picks the build folder)
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

const distDir = path.resolve(process.env.AGORA_NEXT_DIST_DIR || ".next");
const ROUTES = ["/", "/g/[name]", "/g/[name]/t/[threadId]/[slug]"];
const THREAD_ROUTE = "/g/[name]/t/[threadId]/[slug]";
// A lazy chunk group is the editor's when one of its files carries Quill's own class names.
const EDITOR_MARKER = /ql-editor/;
// Turbopack's loader for a dynamic import: Promise.all(["static/chunks/a.js", ...].map(load)).
const LAZY_GROUP = /Promise\.all\(\[((?:"static\/chunks\/[^"]+",?)+)\]\.map/g;

function readJson(relative) {
  const file = path.join(distDir, relative);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`next build\` first`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

function measure(files) {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    bytes += content.length;
    gzipBytes += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, bytes, gzipBytes };
}

/** The client reference manifest of the page that serves `route` (route groups included). */
function readClientManifest(route) {
  const routes = readJson("app-path-routes-manifest.json");
  const entry = Object.keys(routes).find((key) => routes[key] === route && key.endsWith("/page"));
  if (!entry) throw new Error(`no page serves ${route}`);
  const pageFile = readJson("server/app-paths-manifest.json")[entry];
  const manifestFile = path.join(distDir, "server", pageFile.replace(/\.js$/, "_client-reference-manifest.js"));
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(manifestFile, "utf8"), sandbox);
  return sandbox.__RSC_MANIFEST[entry];
}

/** Every script the page's HTML loads: the shared runtime plus each segment's entry chunks. */
function listFirstLoadFiles(route) {
  const build = readJson("build-manifest.json");
  const manifest = readClientManifest(route);
  const files = new Set(build.rootMainFiles);
  for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of chunks) files.add(chunk);
  return [...files].filter((file) => file.endsWith(".js"));
}

/** The lazy chunk groups a set of files can load, each as its list of JS files. */
function listLazyGroups(files) {
  const groups = [];
  for (const file of files) {
    const code = fs.readFileSync(path.join(distDir, file), "utf8");
    for (const match of code.matchAll(LAZY_GROUP)) groups.push(JSON.parse(`[${match[1]}]`).filter((chunk) => chunk.endsWith(".js")));
  }
  return groups;
}

/**
 * The JS files that opening the editor adds to a first load: the chain of lazy groups from the
 * page to the group holding Quill (Reply loads the composer, the composer loads Quill).
 */
function listEditorFiles(firstLoad) {
  const loaded = new Set(firstLoad);
  const queue = listLazyGroups(firstLoad).map((group) => ({ group, path: group }));
  const seen = new Set();
  while (queue.length > 0) {
    const { group, path: files } = queue.shift();
    const key = group.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    if (group.some((chunk) => EDITOR_MARKER.test(fs.readFileSync(path.join(distDir, chunk), "utf8")))) {
      return [...new Set(files)].filter((chunk) => !loaded.has(chunk));
    }
    for (const next of listLazyGroups(group)) queue.push({ group: next, path: [...files, ...next] });
  }
  return null;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const report = ROUTES.map((route) => ({ route, ...measure(listFirstLoadFiles(route)) }));
const threadFirstLoad = listFirstLoadFiles(THREAD_ROUTE);
const editorFiles = listEditorFiles(threadFirstLoad);
const editor = editorFiles ? measure(editorFiles) : null;

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ distDir, routes: report, threadEditor: editor }, null, 2));
} else {
  console.log(`\nFirst-load JavaScript (${path.relative(process.cwd(), distDir) || "."})`);
  console.log(`${"Route".padEnd(44)}${"Files".padStart(6)}${"Raw".padStart(12)}${"Gzip".padStart(12)}`);
  for (const row of report) {
    console.log(`${row.route.padEnd(44)}${String(row.files).padStart(6)}${kb(row.bytes).padStart(12)}${kb(row.gzipBytes).padStart(12)}`);
  }
  const thread = report.find((row) => row.route === THREAD_ROUTE);
  if (editor && thread) {
    console.log(
      `${"  + editor opened (lazy Quill chunks)".padEnd(44)}${`+${editor.files}`.padStart(6)}${`+${kb(editor.bytes)}`.padStart(12)}${`+${kb(editor.gzipBytes)}`.padStart(12)}`,
    );
    console.log(
      `${"  = thread page with the editor open".padEnd(44)}${String(thread.files + editor.files).padStart(6)}${kb(thread.bytes + editor.bytes).padStart(12)}${kb(thread.gzipBytes + editor.gzipBytes).padStart(12)}`,
    );
  } else {
    console.log("  (no lazily loaded editor chunk found on the thread page)");
  }
}
