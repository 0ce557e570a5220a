import type { DefaultSession } from "next-auth";

// What the browser session carries. The Agora api_token stays inside the encrypted
// JWT cookie (never in the session object sent to client JavaScript).
declare module "next-auth" {
  interface Session {
    user: { id: number; name: string; image: string; tokenId: string; darkMode: number } & Omit<DefaultSession["user"], "name" | "image">;
  }
  interface User {
    id: string;
    name: string;
    image: string;
    apiToken: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: number;
    apiToken?: string;
    tokenId?: string;
    name?: string | null;
    picture?: string | null;
    darkMode?: number;
  }
}
