// Demo content for `npm run db:seed`: enough to make a fresh Agora look like a living forum.
type Op = { insert: string | { image: string } | { emoji: { name: string; unicode: string } }; attributes?: Record<string, unknown> };

const text = (insert: string, attributes?: Record<string, unknown>): Op => (attributes ? { insert, attributes } : { insert });
const line = (attributes?: Record<string, unknown>): Op => text("\n", attributes);
const emoji = (name: string, unicode: string): Op => ({ insert: { emoji: { name, unicode } } });

export const DEMO_USERS = [
  { username: "ada", address: "0x1111111111111111111111111111111111111111" },
  { username: "grace_h", address: "0x2222222222222222222222222222222222222222" },
  { username: "linus", address: "0x3333333333333333333333333333333333333333" },
  { username: "margaret", address: "0x4444444444444444444444444444444444444444" },
  { username: "satoshi_fan", address: "0x5555555555555555555555555555555555555555" },
  { username: "vitalik_reader", address: "0x6666666666666666666666666666666666666666" },
  { username: "hedy", address: "0x7777777777777777777777777777777777777777" },
  { username: "alan_t", address: "0x8888888888888888888888888888888888888888" },
];

export interface DemoGroup {
  name: string;
  title: string;
  description: string;
  categories: { name: string; children?: string[] }[];
  threads: { title: string; category: string; pinned?: boolean }[];
}

export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: "agora-lounge",
    title: "Agora Lounge",
    description: "Say hello, share what you are building and meet the people behind the wallets.",
    categories: [{ name: "Introductions" }, { name: "Show and tell", children: ["Side projects"] }, { name: "Off topic" }],
    threads: [
      { title: "Welcome to Agora: read this first", category: "Introductions", pinned: true },
      { title: "Introduce yourself!", category: "Introductions" },
      { title: "What are you building this month?", category: "Show and tell" },
      { title: "My weekend hack: a wallet-based guestbook", category: "Side projects" },
      { title: "Favourite productivity tools in 2026", category: "Off topic" },
      { title: "Which books changed how you write code?", category: "Off topic" },
      { title: "Post your desk setup", category: "Show and tell" },
      { title: "Looking for collaborators on an open-source explorer", category: "Side projects" },
      { title: "Coffee or tea while debugging?", category: "Off topic" },
      { title: "First week here: thoughts and questions", category: "Introductions" },
    ],
  },
  {
    name: "ethereum-dev",
    title: "Ethereum Developers",
    description: "Smart contracts, tooling, audits and the EVM, from first contract to mainnet.",
    categories: [{ name: "Solidity" }, { name: "Tooling", children: ["Testing", "Deployment"] }, { name: "Security" }],
    threads: [
      { title: "Community guidelines for code reviews", category: "Solidity", pinned: true },
      { title: "Gas optimisation tricks that still work", category: "Solidity" },
      { title: "Foundry vs Hardhat in 2026", category: "Tooling" },
      { title: "How do you fuzz invariants?", category: "Testing" },
      { title: "Deterministic deployments across chains", category: "Deployment" },
      { title: "Reentrancy is not dead: a post-mortem", category: "Security" },
      { title: "Signing messages with EIP-191 vs EIP-712", category: "Security" },
      { title: "Upgradeable proxies: worth the complexity?", category: "Solidity" },
      { title: "Reading storage layouts without tears", category: "Tooling" },
      { title: "Best resources to learn the EVM", category: "Solidity" },
    ],
  },
  {
    name: "permaweb",
    title: "Permaweb Builders",
    description: "Permanent storage, decentralised apps and publishing that outlives its authors.",
    categories: [{ name: "General" }, { name: "Storage" }, { name: "Apps" }],
    threads: [
      { title: "What belongs on the permaweb and what does not?", category: "General" },
      { title: "Pricing permanent storage: how it works", category: "Storage" },
      { title: "Publishing a static site forever", category: "Apps" },
      { title: "RSA-PSS signatures explained simply", category: "General" },
      { title: "Indexing data you cannot delete", category: "Storage" },
      { title: "Apps you use every day", category: "Apps" },
      { title: "Archiving forum threads permanently", category: "General" },
      { title: "Bundling uploads efficiently", category: "Storage" },
    ],
  },
  {
    name: "design-systems",
    title: "Design Systems",
    description: "Tokens, components, accessibility and the craft of consistent interfaces.",
    categories: [{ name: "Components" }, { name: "Accessibility" }, { name: "Critique" }],
    threads: [
      { title: "Dark mode colour tokens that actually work", category: "Components" },
      { title: "Keyboard navigation checklist", category: "Accessibility" },
      { title: "Critique my forum layout", category: "Critique" },
      { title: "Icons: outline or filled?", category: "Components" },
      { title: "Designing for 360 px screens", category: "Accessibility" },
      { title: "How many button variants is too many?", category: "Components" },
      { title: "Motion that respects reduced-motion settings", category: "Accessibility" },
      { title: "Before and after: redesigning a settings page", category: "Critique" },
    ],
  },
];

// Pictures in prisma/demo-images/, uploaded by the seed (prisma/seed-images.ts): every third
// opening post shows a landscape, and the "my setup" reply its desk.
const LANDSCAPES = ["mountain-lake.jpg", "city-dusk.jpg"];
const SETUP_PICTURE = "desk-setup.jpg";

/** The picture thread `index`'s opening post shows, or null. */
export function openingPicture(index: number): string | null {
  return index % 3 === 0 ? LANDSCAPES[(index / 3) % LANDSCAPES.length]! : null;
}

/** A group's logo and cover, by its name. */
export function groupArt(name: string): { logo: string; cover: string } {
  return { logo: `${name}-logo.png`, cover: `${name}-cover.jpg` };
}

/** The first post of a thread: formatted prose, a section heading, a list, a link and, given one, a picture (its address). */
export function openingPost(title: string, image: string | null): Op[] {
  const ops: Op[] = [
    text("Hi everyone "),
    emoji("wave", "👋"),
    text(". This thread is about "),
    text(title.toLowerCase(), { bold: true }),
    text(", and I would love to hear "),
    text("your", { italic: true }),
    text(" experience."),
    line(),
    text("Getting started"),
    line({ header: 3 }),
    text("What worked well for you"),
    line({ list: "bullet" }),
    text("What you would "),
    text("never", { underline: true }),
    text(" do again"),
    line({ list: "bullet" }),
    text("Links to anything worth reading"),
    line({ list: "bullet" }),
    text("Background reading: "),
    text("the Agora guide", { link: "https://example.org/agora-guide" }),
    text("."),
    line(),
  ];
  if (image) ops.push({ insert: { image } }, line());
  return ops;
}

const REPLIES: Op[][] = [
  [text("Great topic! "), emoji("fire", "🔥"), text(" I have been thinking about this for weeks."), line()],
  [
    text("Strong agree with the "),
    text("second point", { bold: true }),
    text(". Here is my checklist:"),
    line(),
    text("Start small"),
    line({ list: "ordered" }),
    text("Measure"),
    line({ list: "ordered" }),
    text("Write it down"),
    line({ list: "ordered" }),
  ],
  [
    text("Careful here:", { bold: true }),
    text(" it depends a lot on context. "),
    text("Read the docs", { link: "https://example.org/docs" }),
    text(" before you decide."),
    line(),
  ],
  [text("Quoting the classics:"), line(), text("Simplicity is prerequisite for reliability."), line({ blockquote: true })],
  [text("Thanks, this helped me ship "), emoji("rocket", "🚀"), line()],
  [
    text("I tried "),
    text("exactly this", { italic: true }),
    text(" last year and ran into trouble with "),
    text("edge cases", { code: true }),
    text("."),
    line(),
  ],
  [text("Here is a picture of my setup:"), line()],
  [text("+1, following this thread "), emoji("eyes", "👀"), line()],
];

const SETUP_REPLY = 6;

/** The picture reply `index` shows, or null. */
export function replyPicture(index: number): string | null {
  return index % REPLIES.length === SETUP_REPLY ? SETUP_PICTURE : null;
}

/** Reply `index`, with its picture's address when it has one. */
export function replyContent(index: number, image: string | null): Op[] {
  const ops = REPLIES[index % REPLIES.length]!;
  return image ? [...ops, { insert: { image } }, line()] : ops;
}
