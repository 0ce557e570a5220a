import { signTypedData } from "wagmi/actions";
import { connectedAddress } from "@/components/wallet/connected-address";
import type { Hex } from "viem";
import { contentHash } from "@/lib/delta/content-hash";
import { buildPostTypedData, ZERO_HASH } from "@/lib/delta/post-typed-data";
import { parseDeltaContent } from "@/lib/delta/parse";
import { wagmiConfig } from "@/lib/wallet/wagmi-config";

// "Sign with wallet" (contract section 19): the composer's typed data, signed by the connected
// browser wallet through wagmi. Loaded only when someone signs, so wagmi stays off reading pages.

/** Where a post goes; contentHash and author are filled in when signing. */
export interface PostSigningPlace {
  group: string;
  /** 0 for a new thread. */
  thread: number;
  /** 0 for none. */
  parent: number;
  /** The new thread's title, else "". */
  title: string;
  /** For an edit, the delta (JSON text) it replaces. */
  previousContent?: string;
}

export interface PostSignatureParams {
  sign: string;
  signMsg: string;
}

/** The content as the server will store it: the hash must be of that, not of the editor's raw delta. */
function storedHash(content: string): Hex {
  const parsed = parseDeltaContent(content);
  return contentHash(parsed.ok ? parsed.json : content);
}

/** Asks the connected wallet to sign the post's typed data (eth_signTypedData_v4); answers sign and sign_msg. */
export async function signPost(place: PostSigningPlace, content: string, chainId: number): Promise<PostSignatureParams> {
  const author = await connectedAddress("sign posts");
  const typedData = buildPostTypedData(
    {
      author,
      group: place.group,
      thread: place.thread,
      parent: place.parent,
      title: place.title,
      contentHash: storedHash(content),
      previous: place.previousContent === undefined ? ZERO_HASH : storedHash(place.previousContent),
      timestamp: Math.floor(Date.now() / 1000),
    },
    chainId,
  );
  const { domain, types, message } = typedData;
  const sign = await signTypedData(wagmiConfig, { account: author, domain, types: { Post: types.Post }, primaryType: "Post", message: { ...message, author } });
  return { sign, signMsg: JSON.stringify(typedData) };
}
