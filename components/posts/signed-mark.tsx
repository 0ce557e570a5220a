import { shortAddress } from "@/lib/delta/post-typed-data";
import type { PostSignatureView } from "@/lib/views/post-view";

/**
 * "Signed by 0x12…ab" on a signed post (contract section 19), with its proof behind it: a native
 * disclosure, so it works before (and without) any script.
 */
export function SignedMark({ postId, signature }: { postId: number; signature: PostSignatureView }) {
  return (
    <details className="post__signed" data-testid="signed-mark">
      <summary title={`Signed by ${signature.signer}`}>Signed by {shortAddress(signature.signer)}</summary>
      <div className="post__proof">
        <dl>
          <dt>Signer</dt>
          <dd>
            <code>{signature.signer}</code>
          </dd>
          <dt>Content hash</dt>
          <dd>
            <code>{signature.contentHash}</code>
          </dd>
          <dt>Signature</dt>
          <dd>
            <code>{signature.sign}</code>
          </dd>
        </dl>
        <p>
          <a href={`/posts/${postId}/proof`} download={`post-${postId}-proof.json`}>
            Download proof
          </a>{" "}
          and check it anywhere, without Agora: <code>npx agora-verify post-{postId}-proof.json</code>
        </p>
      </div>
    </details>
  );
}
