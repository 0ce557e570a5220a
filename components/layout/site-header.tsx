import Link from "next/link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { NotificationBellSlot } from "@/components/notifications/notification-bell-slot";
import { HeaderSearch } from "@/components/search/header-search";
import { SignInButton } from "@/components/wallet/sign-in-button";
import "./layout.css";

/** `viewerId`: who is signed in (the layout's session), for the notification bell. */
export function SiteHeader({ viewerId = null }: { viewerId?: number | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link href="/" className="site-logo" aria-label="Agora home">
          <span className="site-logo__mark" aria-hidden="true">
            A
          </span>
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
