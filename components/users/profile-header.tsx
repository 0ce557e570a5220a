import { Avatar } from "@/components/ui/avatar";
import { MessageIcon } from "@/components/ui/icons";
import { pluralize } from "@/lib/format/counts";
import { formatAbsoluteTime } from "@/lib/format/relative-time";
import { IgnoreButton } from "@/components/users/ignore-button";
import { LinkedText } from "@/components/users/linked-text";
import type { ProfileRelationView, ProfileView } from "@/lib/views/profile-view";
import "../ui/ui.css";
import "./users.css";

export interface ProfileHeaderProps {
  profile: ProfileView;
  relation: ProfileRelationView;
}

export function ProfileHeader({ profile, relation }: ProfileHeaderProps) {
  // A /media/proxy address: URL-encoded, so nothing in it can end the CSS string.
  const cover = profile.coverImage ? `url("${profile.coverImage}")` : undefined;
  const joined = formatAbsoluteTime(profile.joinedAt).replace(/ \d{2}:\d{2} UTC$/, "");
  return (
    <header className="profile-header">
      <div
        className={cover ? "profile-header__cover" : "profile-header__cover profile-header__cover--plain"}
        style={cover ? { backgroundImage: cover } : undefined}
        aria-hidden="true"
      />
      <div className="profile-header__body">
        <Avatar name={profile.username} seed={profile.id} src={profile.photoUrl} size={88} className="profile-header__avatar" />
        <div className="profile-header__text">
          <h1 className="profile-header__name">{profile.username}</h1>
          {profile.bio ? (
            <p className="profile-header__bio" data-testid="profile-bio">
              <LinkedText text={profile.bio} />
            </p>
          ) : null}
          <ul className="stat-list" aria-label="About">
            <li>
              <MessageIcon /> {pluralize(profile.posts, "post")}
            </li>
            <li>Joined {joined}</li>
          </ul>
          {relation.canIgnore ? <IgnoreButton userId={profile.id} ignoring={relation.ignoring} /> : null}
        </div>
      </div>
    </header>
  );
}
