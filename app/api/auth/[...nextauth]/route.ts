// GET/POST /api/auth/*: next-auth (browser sessions for the web app; the API uses bearer tokens).
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
