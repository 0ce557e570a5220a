"use client";

import { unwrapAction } from "@/lib/actions/action-types";
import { loadPostSigningChainAction } from "@/lib/actions/post-actions";
import type { PostSignatureParams, PostSigningPlace } from "./post-signing";

export type { PostSignatureParams, PostSigningPlace };

/** The composer's "Sign with wallet" choice (contract section 19). */
export function SignWithWalletCheck({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label className="form-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      Sign with wallet: your wallet signs what you post, and anyone can check it
    </label>
  );
}

/**
 * Signs the post with the browser's wallet just before it is sent. wagmi and the signing code load
 * only here, so reading pages never carry them.
 */
export async function signWithWallet(place: PostSigningPlace, content: string): Promise<PostSignatureParams> {
  const [{ signPost }, { chainId }] = await Promise.all([import("./post-signing"), unwrapAction(() => loadPostSigningChainAction({}))]);
  try {
    return await signPost(place, content, chainId);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/reject|denied/i.test(message)) throw new Error("Your wallet declined to sign: the post was not sent.");
    throw new Error(message.startsWith("No wallet") ? message : "Your wallet could not sign the post: it was not sent.");
  }
}
