// Every endpoint of both families, dispatched by the route table built from their declarations (lib/api/routes.ts).
import { apiRouter } from "@/lib/api/routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRouter;
