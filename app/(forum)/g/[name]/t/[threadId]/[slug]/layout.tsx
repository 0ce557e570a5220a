import { permanentRedirect } from "next/navigation";
import type { ReactNode } from "react";
import { getThreadRoute } from "@/lib/views/page-data";

interface ThreadLayoutProps {
  children: ReactNode;
  params: Promise<{ name: string; threadId: string; slug: string }>;
}

/**
 * Sits outside the page's loading state, so an unknown thread answers a real 404 and a wrong
 * slug a real 308 before anything streams.
 */
export default async function ThreadLayout({ children, params }: ThreadLayoutProps) {
  const { name, threadId, slug } = await params;
  const route = await getThreadRoute(threadId, name);
  if (slug !== route.slug || name !== route.groupName) permanentRedirect(route.path);
  return children;
}
