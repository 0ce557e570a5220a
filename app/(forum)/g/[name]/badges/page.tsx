import type { Metadata } from "next";
import { BadgeCard } from "@/components/badges/badge-card";
import { BadgeForm } from "@/components/badges/badge-form";
import { TitlePicker } from "@/components/badges/title-picker";
import { ModerationFrame } from "@/components/moderation/moderation-frame";
import { EmptyState } from "@/components/ui/empty-state";
import { getBadgesPage } from "@/lib/views/page-data";
import "@/components/groups/groups.css";
import "@/components/badges/badges.css";

interface BadgesPageProps {
  params: Promise<{ name: string }>;
}

export async function generateMetadata({ params }: BadgesPageProps): Promise<Metadata> {
  const { group } = await getBadgesPage((await params).name);
  return { title: `Badges · ${group.title}`, description: `The badges members of ${group.title} earn and hold.` };
}

export default async function BadgesPage({ params }: BadgesPageProps) {
  const { group, page } = await getBadgesPage((await params).name);
  const ref = { id: group.id, name: group.name };
  return (
    <ModerationFrame group={group} current="Badges" title="Badges" lead={`What members of ${group.title} earn, are given or hold, and who holds each.`}>
      {page.titles ? <TitlePicker group={ref} choices={page.titles.choices} currentId={page.titles.currentId} /> : null}
      {!page.featureOn ? (
        <EmptyState title="Badges are switched off here">
          <p>The group&apos;s admins have turned its badges and titles off.</p>
        </EmptyState>
      ) : page.badges.length === 0 ? (
        <EmptyState title="No badges yet">
          <p>{page.canManage ? "Create the first one below." : "The group's admins have not made any badges."}</p>
        </EmptyState>
      ) : (
        <ul className="badge-list" aria-label="Badges">
          {page.badges.map((badge) => (
            <BadgeCard key={badge.id} group={ref} badge={badge} canManage={page.canManage} canGrant={page.canGrant} />
          ))}
        </ul>
      )}
      {page.canManage ? (
        <section className="form-card form-stack" aria-labelledby="new-badge-heading">
          <h2 id="new-badge-heading">New badge</h2>
          <BadgeForm group={ref} />
        </section>
      ) : null}
    </ModerationFrame>
  );
}
