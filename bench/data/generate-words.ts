// The words the generated data is written with: thread topics, post sentences, the vocabulary
// search is measured on, and category names.

export const TOPICS = [
  "Staking rewards explained",
  "Gas fees this week",
  "Wallet recovery questions",
  "Governance proposal discussion",
  "Node setup on a small server",
  "Bridging tokens safely",
  "Show your latest project",
  "Weekly market chat",
  "Security audit findings",
  "Beginner questions welcome",
  "Layer two roadmap",
  "Community call notes",
];

export const SENTENCES = [
  "I tried this on a fresh install and it worked after a restart.",
  "Does anyone know whether the fees changed after the last upgrade?",
  "Here is what I found after reading the documentation twice.",
  "Thanks for the detailed answer, that cleared it up for me.",
  "We discussed this in the community call and agreed to revisit it next month.",
  "My node has been running for three weeks without a single missed block.",
  "The proposal needs more detail on how the treasury would be spent.",
  "Could you share the exact error message you are seeing?",
];

// Two words of each post come from here (by a hash of its id), so search has words of every
// frequency: a sentence word is in about a quarter of the posts, a vocabulary word in about 1 in
// 40, and a given pair of them side by side ("ledger pruning") in about 150 of a million.
// prettier-ignore
export const VOCABULARY = [
  "ledger", "pruning", "validator", "snapshot", "mempool", "oracle", "bridge", "custody", "airdrop", "multisig",
  "keystore", "firmware", "bandwidth", "latency", "indexer", "archive", "checkpoint", "consensus", "delegation", "slashing",
  "faucet", "testnet", "mainnet", "rollup", "sequencer", "calldata", "compiler", "debugger", "profiler", "benchmark",
  "dashboard", "explorer", "extension", "hardware", "mnemonic", "passphrase", "signature", "timestamp", "treasury", "proposal",
  "quorum", "referendum", "liquidity", "collateral", "auction", "royalty", "metadata", "gateway", "pinning", "replica",
  "failover", "container", "kernel", "partition", "scheduler", "throttle", "webhook", "watchtower", "relayer", "lighthouse",
  "hammock", "lantern", "orchard", "harbor", "meadow", "glacier", "canyon", "volcano", "prairie", "lagoon",
  "violin", "trumpet", "saxophone", "cello", "accordion", "harmonica", "tambourine", "xylophone", "banjo", "ukulele",
] as const;

export const CATEGORY_NAMES = ["General", "Help", "Ideas", "Announcements", "Off topic", "Development"];
