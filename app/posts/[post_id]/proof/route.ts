// A post's signature proof as a JSON file, for the pages' "Download proof" (lib/pages/post-proof-download.ts).
export { servePostProof as GET } from "@/lib/pages/post-proof-download";
