import type { Metadata } from "next";
import { ModerationFrame } from "@/components/moderation/moderation-frame";
import { ModlogList } from "@/components/moderation/modlog-list";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { getModlogPage, readPageParam } from "@/lib/views/page-data";

interface ModlogPageProps {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params, searchParams }: ModlogPageProps): Promise<Metadata> {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const { group } = await getModlogPage(name, readPageParam(query.page));
  return { title: `Moderation log · ${group.title}`, description: `What the moderators of ${group.title} did, newest first.` };
}

export default async function ModlogPage({ params, searchParams }: ModlogPageProps) {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const { group, log } = await getModlogPage(name, readPageParam(query.page));
  const base = `/g/${group.name}/modlog`;
  return (
    <ModerationFrame
      group={group}
      current="Moderation log"
      title="Moderation log"
      lead={
        log.moderatorsVisible
          ? `Everything the moderators of ${group.title} did, newest first. Only moderators see who did it.`
          : `Everything the moderators of ${group.title} did, newest first.`
      }
    >
      {log.entries.length > 0 ? (
        <ModlogList entries={log.entries} />
      ) : (
        <EmptyState title={log.page > 1 ? "Nothing on this page" : "Nothing to show yet"}>
          <p>{log.page > 1 ? "Go back to the first page for the latest actions." : "When a moderator deletes, pins, locks or bans, it is recorded here."}</p>
        </EmptyState>
      )}
      <Pagination page={log.page} totalPages={log.totalPages} hrefFor={(page) => (page === 1 ? base : `${base}?page=${page}`)} />
    </ModerationFrame>
  );
}
