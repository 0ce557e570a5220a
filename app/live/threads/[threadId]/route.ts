export { serveThreadEvents as GET } from "@/lib/live/page-routes";
