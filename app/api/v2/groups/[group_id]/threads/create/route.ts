import { createGroupThread } from "@/lib/api/endpoints/threads";

export const POST = createGroupThread.v2;
