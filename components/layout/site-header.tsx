import Link from "next/link";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { HeaderSearch } from "@/components/search/header-search";
import { SignInButton } from "@/components/wallet/sign-in-button";
import "./layout.css";

export function SiteHeader() {
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
          <SignInButton />
        </div>
      </div>
    </header>
  );
}
