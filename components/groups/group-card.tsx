import Link from "next/link";
import type { GroupDirectoryEntry } from "@/lib/db/group-directory";

export interface GroupCardProps {
  group: GroupDirectoryEntry;
}

export function GroupCard({ group }: GroupCardProps) {
  return (
    <li className="group-card" data-testid="group-card">
      <Link href={`/g/${group.name}`}>
        <h2>{group.title}</h2>
      </Link>
      <p>{group.description}</p>
      <p className="muted">
        {group.membersCount} members · {group.threadsCount} threads · {group.postsCount} posts
      </p>
    </li>
  );
}
