export { servePageEvents as GET } from "@/lib/live/page-routes";
