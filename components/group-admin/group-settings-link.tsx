"use client";

import Link from "next/link";
import { useViewer } from "@/components/providers/viewer-context";

export interface GroupSettingsLinkProps {
  groupName: string;
  /** The group's owner and its admins (level 1 or 2): the people who may open its settings. */
  managerIds: number[];
}

/** "Settings" for the people who run the group; nothing for everyone else. */
export function GroupSettingsLink({ groupName, managerIds }: GroupSettingsLinkProps) {
  const userId = useViewer()?.id;
  if (!userId || !managerIds.includes(userId)) return null;
  return (
    <Link className="button button--secondary" href={`/g/${encodeURIComponent(groupName)}/settings`}>
      Settings
    </Link>
  );
}
