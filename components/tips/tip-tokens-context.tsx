"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { TipTokenView } from "@/lib/views/tip-view";

// The tokens the page's group takes tips in (contract section 19), set once by the thread page for
// every post's Tip button; none while the group lists none or its rewards feature is off.
const TipTokens = createContext<readonly TipTokenView[]>([]);

export function TipTokensProvider({ tokens, children }: { tokens: readonly TipTokenView[]; children: ReactNode }) {
  return <TipTokens value={tokens}>{children}</TipTokens>;
}

export function useTipTokens(): readonly TipTokenView[] {
  return useContext(TipTokens);
}
