import { walletLogin } from "@/lib/api/endpoints/wallet";

export const POST = walletLogin.api;
