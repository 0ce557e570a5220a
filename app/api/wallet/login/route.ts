import { walletLogin } from "@/lib/api/endpoints/wallet";
import { serveMethods } from "@/lib/api/route-methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({ POST: walletLogin.api });
