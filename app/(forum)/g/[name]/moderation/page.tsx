import type { Metadata } from "next";
import Link from "next/link";
import { BanPanel } from "@/components/moderation/ban-panel";
import { ModerationFrame } from "@/components/moderation/moderation-frame";
import { ReportQueue } from "@/components/moderation/report-queue";
import { TeamPanel } from "@/components/moderation/team-panel";
import { readReportStatus } from "@/lib/views/moderation-view";
import { getModerationPage, readPageParam } from "@/lib/views/page-data";

export const metadata: Metadata = { title: "Moderation", robots: { index: false } };

interface ModerationPageProps {
  params: Promise<{ name: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const SECTIONS = [
  { href: "#reports", label: "Reports" },
  { href: "#bans", label: "Bans" },
  { href: "#team", label: "Team" },
];

export default async function ModerationPage({ params, searchParams }: ModerationPageProps) {
  const [{ name }, query] = await Promise.all([params, searchParams]);
  const { group, moderation } = await getModerationPage(name, readReportStatus(query.status), readPageParam(query.page));
  const modlog = `/g/${group.name}/modlog`;
  if (!moderation) {
    return (
      <ModerationFrame
        group={group}
        current="Moderation"
        title="Only moderators can open this page"
        lead={<>Reports, bans and the team of {group.title} are handled by its moderators. What they did is public in the moderation log.</>}
      >
        <p className="mod-actions__buttons">
          <Link className="button button--secondary" href={`/g/${group.name}`}>
            Back to {group.title}
          </Link>
          <Link className="button button--secondary" href={modlog}>
            Moderation log
          </Link>
        </p>
      </ModerationFrame>
    );
  }
  const prefill = typeof query.ban === "string" ? query.ban.slice(0, 64) : "";
  return (
    <ModerationFrame
      group={group}
      current="Moderation"
      title={<>Moderate {group.title}</>}
      lead="Only the community’s moderators see this page. Every action here is recorded in the public moderation log."
      sections={[...SECTIONS, { href: modlog, label: "Moderation log" }]}
    >
      <ReportQueue groupName={group.name} reports={moderation.reports} />
      <BanPanel groupId={group.id} bans={moderation.bans} limits={moderation.limits} prefill={prefill} />
      <TeamPanel groupId={group.id} team={moderation.team} assignable={moderation.assignable} />
    </ModerationFrame>
  );
}
