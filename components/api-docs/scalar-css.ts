// Scalar's variables mapped onto Agora's design tokens, which already follow the site's theme.
export const SCALAR_CUSTOM_CSS = `
.light-mode, .dark-mode {
  --scalar-font: var(--font-sans);
  --scalar-font-code: var(--font-mono);
  --scalar-background-1: var(--bg);
  --scalar-background-2: var(--surface);
  --scalar-background-3: var(--surface-2);
  --scalar-background-accent: var(--accent-soft);
  --scalar-color-1: var(--text);
  --scalar-color-2: var(--muted);
  --scalar-color-3: var(--muted);
  --scalar-color-accent: var(--accent);
  --scalar-link-color: var(--accent);
  --scalar-link-color-hover: var(--accent-hover);
  --scalar-border-color: var(--border);
  --scalar-button-1: var(--accent);
  --scalar-button-1-hover: var(--accent-hover);
  --scalar-button-1-color: var(--accent-text);
  --scalar-sidebar-background-1: var(--surface);
  --scalar-sidebar-item-active-background: var(--accent-soft);
  --scalar-sidebar-color-active: var(--accent);
  --scalar-sidebar-border-color: var(--border);
  --scalar-sidebar-search-background: var(--bg);
  --scalar-sidebar-search-border-color: var(--border);
}
/* Scalar's light accents (methods, "required", code tokens) fall under 4.5:1 on its greys. Its
   code examples are .dark-mode islands, which the tokens above paint light on a light page. */
.light-mode,
.light-mode .dark-mode {
  --scalar-color-green: #146c35;
  --scalar-color-orange: #a83b0a;
  --scalar-color-blue: #0b66b0;
  --scalar-color-red: #c62828;
  --scalar-color-yellow: #8a6100;
  --scalar-color-purple: #6d28d9;
}
/* Tag cards' endpoint lists scroll without being focusable; keyboards could not scroll them. */
.endpoints {
  max-height: none !important;
  overflow: visible !important;
}
/* The code-sample picker's "More" opener sits inside a tab list as a non-tab (and curl and
   fetch are the only clients offered); each operation still has its own picker. */
.client-libraries-list [id^="headlessui-popover-button"] {
  display: none;
}
`;
