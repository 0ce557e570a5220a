// One page of the sitemap (lib/pages/sitemap-routes.ts).
export { serveSitemapPage as GET } from "@/lib/pages/sitemap-routes";
