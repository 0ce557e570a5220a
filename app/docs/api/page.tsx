import type { Metadata } from "next";
import { headers } from "next/headers";
import { preload } from "react-dom";
import { OperationIndex } from "@/components/api-docs/operation-index";
import { getScalarAsset } from "@/components/api-docs/scalar-asset";
import { ScalarReference } from "@/components/api-docs/scalar-reference";
import { getOpenApiDocument } from "@/lib/api/openapi/serve-document";
import "./api-docs.css";

export const metadata: Metadata = { title: "API reference" };

const DOCUMENT_URL = "/api/openapi.json";

/**
 * The interactive API reference (Scalar, served from this origin and loaded on this page only),
 * with a plain server-rendered list of the operations for people without JavaScript.
 */
export default async function ApiDocsPage() {
  const bundle = getScalarAsset();
  // Start the download with the HTML instead of after hydration. The CSP (proxy.ts) lets a
  // parser-inserted preload through only with this request's nonce.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  preload(bundle.url, { as: "script", nonce });
  return (
    // Scalar renders its own <main> landmarks, so this wrapper is a plain <div>.
    <div className="api-reference">
      <ScalarReference scriptUrl={bundle.url} documentUrl={DOCUMENT_URL} />
      <noscript>
        <main>
          <OperationIndex document={getOpenApiDocument()} documentUrl={DOCUMENT_URL} />
        </main>
      </noscript>
    </div>
  );
}
