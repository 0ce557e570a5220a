import { LockIcon, PinIcon } from "@/components/ui/icons";
import "./threads.css";

/** Marks a pinned thread, before its title in lists and on its page. */
export function PinnedBadge() {
  return (
    <span className="badge badge--pin">
      <PinIcon /> Pinned
    </span>
  );
}

/** Marks a locked thread: replies are closed to all but moderators. */
export function LockedBadge() {
  return (
    <span className="badge badge--lock">
      <LockIcon /> Locked
    </span>
  );
}
