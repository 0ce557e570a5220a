// The sitemap index (lib/pages/sitemap-routes.ts).
export { serveSitemapIndex as GET } from "@/lib/pages/sitemap-routes";
