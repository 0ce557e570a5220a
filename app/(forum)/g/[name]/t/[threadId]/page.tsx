import { permanentRedirect } from "next/navigation";
import { getThreadRoute } from "@/lib/views/page-data";

interface ThreadShortLinkProps {
  params: Promise<{ name: string; threadId: string }>;
}

/** /g/{name}/t/{id} → the canonical URL with the thread's slug. */
export default async function ThreadShortLink({ params }: ThreadShortLinkProps) {
  const { name, threadId } = await params;
  permanentRedirect((await getThreadRoute(threadId, name)).path);
}
