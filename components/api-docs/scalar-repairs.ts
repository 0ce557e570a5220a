// Scalar's reference (@scalar/api-reference 1.46) ships a few accessibility faults no option
// turns off: controls without names, names that hide their text, ARIA attributes their roles
// do not allow and scrolling boxes a keyboard cannot reach. Its Vue code
// renders sections lazily and re-renders them, so these repairs run on every change under the
// mount. Each is idempotent and names the widget it repairs; check them again on an upgrade
// (e2e/ui/accessibility.spec.ts scans the page, expanded sections included).

const SELECTABLE_ROLES = new Set(["tab", "option", "gridcell", "row", "columnheader", "rowheader", "treeitem"]);

function setLabel(element: Element, label: string) {
  if (element.getAttribute("aria-label") !== label) element.setAttribute("aria-label", label);
}

function repair(root: Element) {
  // The sidebar marks its entries aria-selected (only tabs, options and cells may be selected);
  // for a navigation list the current entry is aria-current.
  for (const element of root.querySelectorAll(".t-doc__sidebar [aria-selected]")) {
    if (SELECTABLE_ROLES.has(element.getAttribute("role") ?? "")) continue;
    const current = element.getAttribute("aria-selected") === "true";
    element.removeAttribute("aria-selected");
    if (current) element.setAttribute("aria-current", "true");
    else element.removeAttribute("aria-current");
  }
  // The sidebar's search opener is a <button role="search">: a landmark, so its text ("Open
  // Search") no longer names it. As a plain button it is named by that text.
  for (const button of root.querySelectorAll('button[role="search"]')) button.removeAttribute("role");
  // Example cards scroll (max-height: 60vh) but hold nothing focusable.
  for (const card of root.querySelectorAll(".scalar-card-content.custom-scroll:not([tabindex])")) card.setAttribute("tabindex", "0");
  // Code blocks' copy buttons hold only an icon.
  for (const button of root.querySelectorAll("button.scalar-code-copy")) setLabel(button, "Copy code");
  // "Show More" is labelled "Show all <tag> endpoints", which does not contain what it shows.
  for (const button of root.querySelectorAll("button.show-more[aria-label^='Show all ']")) {
    setLabel(button, `Show more ${button.getAttribute("aria-label")!.slice("Show all ".length)}`);
  }
  // Editor fields (the API key's name) have a <label for> that points at the editor's wrapper.
  for (const field of root.querySelectorAll(".cm-content[role='textbox']:not([aria-labelledby])")) {
    const wrapper = field.parentElement?.closest("[id]");
    const label = wrapper ? root.querySelector(`label[for="${CSS.escape(wrapper.id)}"]`) : null;
    if (label?.textContent?.trim()) setLabel(field, label.textContent.trim());
  }
}

/** Repairs Scalar's markup under `root` now and after every change; answers the disconnect. */
export function watchScalarRepairs(root: Element): () => void {
  let scheduled = 0;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = requestAnimationFrame(() => {
      scheduled = 0;
      repair(root);
    });
  });
  repair(root);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-selected", "aria-label", "role"] });
  return () => {
    cancelAnimationFrame(scheduled);
    observer.disconnect();
  };
}
