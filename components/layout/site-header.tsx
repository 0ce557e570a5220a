import Link from "next/link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { NotificationBellSlot } from "@/components/notifications/notification-bell-slot";
import { HeaderSearch } from "@/components/search/header-search";
import { SignInButton } from "@/components/wallet/sign-in-button";
import "./layout.css";

// The "A" is drawn, not typed: as text it would count as the link's visible label, which the
// accessible name ("Agora home") must then contain, and on phones it is all that shows.
function LogoMark() {
  return (
    <svg className="site-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d="M14.5 9h3l5.2 14h-3.1l-1.1-3.2h-5l-1.1 3.2h-3.1Zm1.5 3.6-1.7 4.9h3.4Z" />
    </svg>
  );
}

/** `viewerId`: who is signed in (the layout's session), for the notification bell. */
export function SiteHeader({ viewerId = null }: { viewerId?: number | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link href="/" className="site-logo" aria-label="Agora home">
          <LogoMark />
          <span className="site-logo__text">Agora</span>
        </Link>
        <HeaderSearch />
        <div className="site-header__actions">
          <ThemeToggle />
          <NotificationBellSlot viewerId={viewerId} />
          <SignInButton />
        </div>
      </div>
    </header>
  );
}
