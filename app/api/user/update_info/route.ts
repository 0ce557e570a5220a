import { serveRoute } from "@/lib/api/routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoute("/api/user/update_info");
