import { serveRoute } from "@/lib/api/routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoute("/api/v2/groups/{group_id}/threads/create");
