import type { PollKind } from "@/lib/views/poll-view";

/** A poll's kind in the builder's select and on the card. */
export const KIND_LABELS: Record<PollKind, string> = { single: "Choose one", multiple: "Choose several", ranked: "Rank the options" };
