import type { MetadataRoute } from "next";
import { readPageOrigin } from "@/lib/views/page-origin";

// Crawlers may read the forum's pages; what is per person (settings, notifications, sign-in),
// write forms, the event stream and the API are no use to them. The sitemap is named on the
// origin the pages' canonical links use.
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await readPageOrigin();
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: [
        "/api/",
        "/live/",
        "/media/",
        "/settings",
        "/notifications",
        "/signin",
        "/new-group",
        "/search",
        "/g/*/new",
        "/g/*/settings",
        "/g/*/moderation",
      ],
    },
    sitemap: new URL("/sitemap.xml", origin).href,
  };
}
