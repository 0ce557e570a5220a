import Link from "next/link";
import type { ProfileBadgeView } from "@/lib/views/badges-view";
import "./badges.css";

/** A profile's badges, each with its group (contract section 19); nothing when there are none. */
export function ProfileBadges({ badges }: { badges: ProfileBadgeView[] }) {
  if (badges.length === 0) return null;
  return (
    <section className="profile-posts" aria-labelledby="profile-badges-heading">
      <h2 id="profile-badges-heading" className="section-heading">
        Badges
      </h2>
      <ul className="profile-badges">
        {badges.map((badge) => (
          <li key={badge.id} className="profile-badges__item" title={badge.description || badge.name}>
            {/* eslint-disable-next-line @next/next/no-img-element -- badge art is proxied and tiny */}
            <img src={badge.imageUrl} alt="" width={24} height={24} />
            <span>{badge.name}</span>
            <Link href={`/g/${badge.groupName}/badges`} className="badge-card__meta">
              g/{badge.groupName}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
