// Shared by the root layout (reads the cookie) and the theme toggle (writes it), so the
// server paints the chosen theme on the first byte and nothing flashes.
export const THEME_COOKIE = "agora-theme";
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The theme of an account's dark_mode (0 light, 1 dark, 2 follow the device: undefined). */
export function accountTheme(darkMode: number): Theme | undefined {
  return darkMode === 0 ? "light" : darkMode === 1 ? "dark" : undefined;
}

/** The stored theme, or undefined to follow the system preference. */
export function parseTheme(value: string | undefined): Theme | undefined {
  return THEMES.find((theme) => theme === value);
}
