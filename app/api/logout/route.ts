import { logout } from "@/lib/api/endpoints/users";

export const POST = logout.api;
