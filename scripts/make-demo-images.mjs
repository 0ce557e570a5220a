// node scripts/make-demo-images.mjs: the demo forum's pictures (prisma/demo-images/), drawn here
// so a first run shows them without any network. The seed uploads them through the upload
// service. Their output is committed; run this again only to change them.
import fs from "node:fs";
import sharp from "sharp";

const OUT = "prisma/demo-images";

const svg = (width, height, body) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
const gradient = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops.map(([at, color]) => `<stop offset="${at}" stop-color="${color}"/>`).join("")}</linearGradient>`;

// A small deterministic generator, so each run draws the same pictures (and the same bytes).
function random(seed) {
  let state = seed;
  return () => (state = (state * 1664525 + 1013904223) % 4294967296) / 4294967296;
}

function mountainLake() {
  const ridge = (base, amplitude, step, seed) => {
    const rand = random(seed);
    let points = `0,600 0,${base}`;
    for (let x = 0; x <= 960; x += step) points += ` ${x},${Math.round(base - rand() * amplitude)}`;
    return `${points} 960,${base} 960,600`;
  };
  return svg(
    960,
    600,
    `<defs>${gradient("sky", [
      [0, "#fbd3b0"],
      [0.55, "#f6a38d"],
      [1, "#c58bc2"],
    ])}${gradient("far", [
      [0, "#8f7bb8"],
      [1, "#b497c9"],
    ])}${gradient("near", [
      [0, "#4d4a8a"],
      [1, "#6c5fa6"],
    ])}${gradient("lake", [
      [0, "#9a86c4"],
      [1, "#3f3c78"],
    ])}</defs>
    <rect width="960" height="600" fill="url(#sky)"/>
    <circle cx="660" cy="210" r="62" fill="#fff1d6" opacity="0.92"/>
    <polygon points="${ridge(360, 150, 80, 11)}" fill="url(#far)"/>
    <polygon points="0,600 0,380 120,300 230,350 350,250 470,340 560,290 700,370 820,300 960,360 960,600" fill="url(#near)"/>
    <rect y="420" width="960" height="180" fill="url(#lake)"/>
    <g fill="#fff1d6" opacity="0.5"><rect x="600" y="440" width="120" height="5" rx="2.5"/><rect x="620" y="462" width="80" height="4" rx="2"/><rect x="640" y="482" width="44" height="3" rx="1.5"/></g>
    <polygon points="0,600 0,520 160,470 300,540 420,500 560,600" fill="#2d2a5c" opacity="0.85"/>`,
  );
}

function cityDusk() {
  const next = random(42);
  const stars = Array.from(
    { length: 60 },
    () =>
      `<circle cx="${Math.round(next() * 960)}" cy="${Math.round(next() * 260)}" r="${(next() * 1.6 + 0.4).toFixed(1)}" fill="#ffffff" opacity="${(next() * 0.6 + 0.3).toFixed(2)}"/>`,
  );
  let buildings = "";
  let windows = "";
  for (let x = -10; x < 960;) {
    const width = 50 + Math.round(next() * 70);
    const height = 120 + Math.round(next() * 200);
    const top = 600 - height;
    buildings += `<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="${next() > 0.5 ? "#1e1b4b" : "#272463"}"/>`;
    for (let wy = top + 16; wy < 580; wy += 22) {
      for (let wx = x + 10; wx < x + width - 12; wx += 16)
        if (next() > 0.62) windows += `<rect x="${wx}" y="${wy}" width="7" height="10" fill="#fcd34d" opacity="${(next() * 0.5 + 0.5).toFixed(2)}"/>`;
    }
    x += width + 4;
  }
  return svg(
    960,
    600,
    `<defs>${gradient("dusk", [
      [0, "#1e1b4b"],
      [0.5, "#6d28d9"],
      [0.85, "#f472b6"],
      [1, "#fdba74"],
    ])}</defs>
    <rect width="960" height="600" fill="url(#dusk)"/>${stars.join("")}
    <circle cx="250" cy="150" r="40" fill="#fef3c7" opacity="0.9"/><circle cx="266" cy="140" r="36" fill="#3b2a8a" opacity="0.55"/>
    <path d="M700 600 L730 250 L745 180 L752 120 L759 180 L774 250 L804 600 Z" fill="#15123a"/>
    <path d="M712 430 H792 M724 330 H780" stroke="#15123a" stroke-width="10"/>
    ${buildings}${windows}`,
  );
}

function deskSetup() {
  return svg(
    960,
    600,
    `<defs>${gradient("wall", [
      [0, "#e0f2fe"],
      [1, "#c7d2fe"],
    ])}${gradient(
      "screen",
      [
        [0, "#312e81"],
        [1, "#0ea5e9"],
      ],
      false,
    )}</defs>
    <rect width="960" height="600" fill="url(#wall)"/>
    <rect x="90" y="70" width="170" height="120" rx="10" fill="#ffffff" opacity="0.7"/><rect x="108" y="88" width="134" height="84" rx="6" fill="#a5b4fc"/>
    <circle cx="820" cy="130" r="56" fill="#ffffff" opacity="0.75"/><path d="M820 96 V130 L844 146" stroke="#475569" stroke-width="7" stroke-linecap="round" fill="none"/>
    <rect y="430" width="960" height="170" fill="#b45309"/><rect y="430" width="960" height="16" fill="#d97706"/>
    <rect x="300" y="150" width="360" height="230" rx="14" fill="#1f2937"/><rect x="316" y="166" width="328" height="198" rx="6" fill="url(#screen)"/>
    <g fill="#e0e7ff" opacity="0.85"><rect x="340" y="196" width="150" height="10" rx="5"/><rect x="340" y="220" width="220" height="10" rx="5"/><rect x="360" y="244" width="180" height="10" rx="5"/><rect x="360" y="268" width="120" height="10" rx="5"/><rect x="340" y="292" width="90" height="10" rx="5"/></g>
    <rect x="455" y="380" width="50" height="40" fill="#374151"/><rect x="400" y="416" width="160" height="14" rx="7" fill="#4b5563"/>
    <rect x="330" y="455" width="300" height="44" rx="10" fill="#e5e7eb"/><g fill="#9ca3af">${Array.from({ length: 12 }, (_, i) => `<rect x="${344 + i * 23}" y="465" width="17" height="10" rx="3"/>`).join("")}<rect x="380" y="481" width="200" height="9" rx="3"/></g>
    <rect x="670" y="462" width="54" height="30" rx="14" fill="#f9fafb"/>
    <path d="M150 440 h80 l-10 90 h-60 z" fill="#f97316"/><path d="M190 440 C160 380 120 370 110 330 C150 345 180 380 190 440 C200 370 230 330 270 320 C255 370 220 400 190 440" fill="#16a34a"/>
    <path d="M760 400 h56 v50 a28 28 0 0 1 -56 0 z" fill="#f8fafc"/><path d="M816 410 a16 16 0 0 1 0 32" stroke="#f8fafc" stroke-width="8" fill="none"/><path d="M776 380 q8 -12 0 -24 M796 380 q8 -12 0 -24" stroke="#94a3b8" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  );
}

// Group art: a logo (square) and a cover (wide band) per demo group, in the group's colours.
const GROUPS = {
  "agora-lounge": {
    colors: ["#f97316", "#fb7185"],
    glyph: `<path d="M64 82 h92 a22 22 0 0 1 22 22 v40 a22 22 0 0 1 -22 22 h-44 l-30 26 v-26 h-18 a22 22 0 0 1 -22 -22 v-40 a22 22 0 0 1 22 -22 z" fill="#ffffff"/><path d="M120 120 h64 a18 18 0 0 1 18 18 v34 a18 18 0 0 1 -18 18 h-8 v20 l-24 -20 h-32 a18 18 0 0 1 -18 -18 z" fill="#ffffff" opacity="0.55"/>`,
  },
  "ethereum-dev": {
    colors: ["#4f46e5", "#0ea5e9"],
    glyph: `<path d="M128 40 L186 132 L128 166 L70 132 Z" fill="#ffffff"/><path d="M128 40 L128 166 L70 132 Z" fill="#ffffff" opacity="0.7"/><path d="M128 178 L186 144 L128 218 L70 144 Z" fill="#ffffff" opacity="0.85"/>`,
  },
  permaweb: {
    colors: ["#0d9488", "#22c55e"],
    glyph: `<path d="M128 128 C104 92 58 92 58 128 C58 164 104 164 128 128 C152 92 198 92 198 128 C198 164 152 164 128 128 Z" fill="none" stroke="#ffffff" stroke-width="20" stroke-linejoin="round"/>`,
  },
  "design-systems": {
    colors: ["#db2777", "#a855f7"],
    glyph: `<rect x="62" y="62" width="56" height="56" rx="12" fill="#ffffff"/><circle cx="166" cy="90" r="28" fill="#ffffff" opacity="0.75"/><path d="M90 140 L122 194 H58 Z" fill="#ffffff" opacity="0.75"/><rect x="138" y="138" width="56" height="56" rx="28" fill="#ffffff"/>`,
  },
};

function logo({ colors, glyph }) {
  return svg(
    256,
    256,
    `<defs>${gradient(
      "bg",
      [
        [0, colors[0]],
        [1, colors[1]],
      ],
      false,
    )}</defs><rect width="256" height="256" fill="url(#bg)"/>${glyph}`,
  );
}

function cover({ colors }, seed) {
  const next = random(seed);
  const blobs = Array.from(
    { length: 7 },
    () =>
      `<circle cx="${Math.round(next() * 1200)}" cy="${Math.round(next() * 300)}" r="${Math.round(60 + next() * 140)}" fill="#ffffff" opacity="${(0.06 + next() * 0.12).toFixed(2)}"/>`,
  );
  return svg(
    1200,
    300,
    `<defs>${gradient(
      "bg",
      [
        [0, colors[0]],
        [1, colors[1]],
      ],
      false,
    )}</defs><rect width="1200" height="300" fill="url(#bg)"/>${blobs.join("")}
    <path d="M0 230 C200 180 400 280 600 230 S1000 180 1200 230 V300 H0 Z" fill="#ffffff" opacity="0.14"/>`,
  );
}

const jpeg = (source, quality = 80) => sharp(source).jpeg({ quality, mozjpeg: true }).toBuffer();
const png = (source) => sharp(source).png({ compressionLevel: 9, palette: true }).toBuffer();

fs.mkdirSync(OUT, { recursive: true });
const files = {
  "mountain-lake.jpg": await jpeg(mountainLake()),
  "city-dusk.jpg": await jpeg(cityDusk()),
  "desk-setup.jpg": await jpeg(deskSetup()),
};
for (const [index, [name, group]] of Object.entries(GROUPS).entries()) {
  files[`${name}-logo.png`] = await png(logo(group));
  files[`${name}-cover.jpg`] = await jpeg(cover(group, 100 + index), 78);
}
for (const [name, bytes] of Object.entries(files)) {
  fs.writeFileSync(`${OUT}/${name}`, bytes);
  console.log(`${name}: ${(bytes.length / 1024).toFixed(1)} KB`);
}
