export { servePageEvents as GET } from "@/lib/web/page-events";
