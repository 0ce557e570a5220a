import { serveOpenApiDocument } from "@/lib/api/openapi/serve-document";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: serveOpenApiDocument });
