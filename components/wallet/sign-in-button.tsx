"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useViewer } from "@/components/providers/viewer-context";
import { revokeSessionAction } from "@/lib/actions/session-actions";
import { UserAvatar } from "@/components/wallet/user-avatar";
import "../forms/forms.css";
import "./wallet.css";

export function SignInButton() {
  const viewer = useViewer();
  const pathname = usePathname();
  if (!viewer) {
    const next = pathname && pathname !== "/signin" ? `?next=${encodeURIComponent(pathname)}` : "";
    return (
      <Link className="wallet-button" href={`/signin${next}`} data-guest-only="">
        Sign in
      </Link>
    );
  }
  return <UserMenu id={viewer.id} name={viewer.name} image={viewer.image} />;
}

interface UserMenuProps {
  id: number;
  name: string;
  image: string;
}

function UserMenu({ id, name, image }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const router = useRouter();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  async function handleSignOut() {
    setSigningOut(true);
    await revokeSessionAction();
    // next-auth's browser client loads only for this; reading pages never download it.
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
    setOpen(false);
    setSigningOut(false);
    router.refresh();
  }

  return (
    <div
      className="user-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-trigger"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserAvatar name={name} image={image} size={28} />
        <span className="user-menu-name">{name}</span>
        <span aria-hidden="true" className="user-menu-caret">
          ▾
        </span>
      </button>
      {open ? (
        <ul className="user-menu-list" id={menuId} aria-label="Account">
          <li>
            <Link href={`/u/${id}`} onClick={() => setOpen(false)}>
              Your profile
            </Link>
          </li>
          <li>
            <Link href="/drafts" onClick={() => setOpen(false)}>
              Drafts
            </Link>
          </li>
          <li>
            <Link href="/settings/bookmarks" onClick={() => setOpen(false)}>
              Bookmarks
            </Link>
          </li>
          <li>
            <Link href="/settings" onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <Link href="/new-group" onClick={() => setOpen(false)}>
              New community
            </Link>
          </li>
          <li>
            <button type="button" onClick={handleSignOut} disabled={signingOut}>
              {signingOut ? "Signing out…" : "Sign out"}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
