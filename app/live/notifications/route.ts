export { serveNotificationEvents as GET } from "@/lib/live/page-routes";
