import { checkHealth } from "@/lib/api/health";

export const GET = checkHealth;
