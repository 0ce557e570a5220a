// GET/POST /api/auth/*: next-auth (browser sessions for the web app; the API uses bearer tokens).
import { handleNextAuth } from "@/lib/web/next-auth-route";

export { handleNextAuth as GET, handleNextAuth as POST };
