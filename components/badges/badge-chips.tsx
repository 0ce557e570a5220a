import type { BadgeChipView } from "@/lib/views/badges-view";
import "./badges.css";

/** Small badge images with their names as tooltips and alt text (beside names, on profiles). */
export function BadgeChips({ badges, label }: { badges: BadgeChipView[]; label: string }) {
  if (badges.length === 0) return null;
  return (
    <span className="badge-chips" role="list" aria-label={label}>
      {badges.map((badge) => (
        <span key={badge.id} role="listitem" className="badge-chip" title={badge.description ? `${badge.name}: ${badge.description}` : badge.name}>
          {/* eslint-disable-next-line @next/next/no-img-element -- badge art is proxied and tiny */}
          <img src={badge.imageUrl} alt={badge.name} width={18} height={18} loading="lazy" />
        </span>
      ))}
    </span>
  );
}

/** A title (a chosen badge's name, or a moderator's role) beside a name. */
export function AuthorTitle({ title }: { title: string | null }) {
  return title ? <span className="author-title">{title}</span> : null;
}
