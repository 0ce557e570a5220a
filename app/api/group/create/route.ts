import { createGroupEndpoint } from "@/lib/api/endpoints/group-create";

export const POST = createGroupEndpoint.api;
