import { serveOpenApiDocument } from "@/lib/api/openapi/serve-document";

export const GET = serveOpenApiDocument;
