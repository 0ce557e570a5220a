"use client";

import { useViewer } from "@/components/providers/viewer-context";
import { MoonIcon, SunIcon } from "@/components/ui/icons";
import { setDarkModeAction } from "@/lib/actions/preference-actions";
import { DARK_MODES } from "@/lib/schemas/user-settings-schemas";
import { THEME_COOKIE, type Theme } from "@/lib/theme";
import "./layout.css";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readActiveTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Flips between light and dark. The choice goes into <html data-theme> at once and into a
 * cookie, so the next server render paints the same theme without a flash; signed in, it is
 * saved to the account too (dark_mode), which every device's pages follow (contract section 17).
 * Which icon shows is decided by CSS, so the server and the browser render the same markup.
 */
export function ThemeToggle() {
  const viewer = useViewer();
  function toggleTheme() {
    const next: Theme = readActiveTheme() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    // The page already shows it; a failed save only means the next page shows the saved theme.
    if (viewer) void setDarkModeAction({ darkMode: next === "dark" ? DARK_MODES.dark : DARK_MODES.light }).catch(() => undefined);
  }

  return (
    <button type="button" className="icon-button theme-toggle" onClick={toggleTheme} aria-label="Toggle dark theme" title="Toggle dark theme">
      <SunIcon className="theme-toggle__sun" />
      <MoonIcon className="theme-toggle__moon" />
    </button>
  );
}
