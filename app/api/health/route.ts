import { checkHealth } from "@/lib/api/health";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ GET: checkHealth });
