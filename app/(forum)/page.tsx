import type { Metadata } from "next";
import { FeedTabs } from "@/components/feeds/feed-tabs";
import { GroupCard } from "@/components/groups/group-card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { getDirectory, readPageParam } from "@/lib/views/page-data";
import "@/components/groups/groups.css";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Agora · Communities" },
  description: "Browse Agora's communities: read every thread freely, sign in with a wallet to take part.",
  alternates: { canonical: "/" },
};

export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { groups, page, totalPages } = await getDirectory(readPageParam((await searchParams).page));
  return (
    <main className="page page--wide">
      {/* Neutral on the kept page: a signed-in reader's tabs and their counts arrive once it is interactive. */}
      <FeedTabs active="communities" signedIn={false} counts={null} />
      <section className="page-intro">
        <h1 className="page-intro__title">Communities</h1>
        <p className="page-intro__lead">Read anything without an account. Connect a wallet to start threads and join the conversation.</p>
      </section>
      {groups.length === 0 ? (
        <EmptyState title="No communities yet">
          <p>When someone creates the first community, it will appear here.</p>
        </EmptyState>
      ) : (
        <ul className="group-grid" aria-label="Communities">
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(target) => (target === 1 ? "/" : `/?page=${target}`)} />
    </main>
  );
}
