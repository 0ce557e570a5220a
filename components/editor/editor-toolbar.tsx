"use client";

import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type ActiveFormats = Partial<Record<string, unknown>>;

export type FormatCommand = { kind: "format"; format: string; value?: string | number } | { kind: "panel"; panel: "link" | "image" | "emoji" };

interface ToolbarButton {
  label: string;
  shortcut?: string;
  command: FormatCommand;
  icon: ReactNode;
}

const svg = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {path}
  </svg>
);

const GROUPS: ToolbarButton[][] = [
  [
    { label: "Bold", shortcut: "Ctrl+B", command: { kind: "format", format: "bold" }, icon: <b>B</b> },
    { label: "Italic", shortcut: "Ctrl+I", command: { kind: "format", format: "italic" }, icon: <i>I</i> },
    { label: "Underline", shortcut: "Ctrl+U", command: { kind: "format", format: "underline" }, icon: <u>U</u> },
    { label: "Strikethrough", command: { kind: "format", format: "strike" }, icon: <s>S</s> },
    { label: "Inline code", command: { kind: "format", format: "code" }, icon: svg(<path d="m8 7-5 5 5 5M16 7l5 5-5 5" />) },
  ],
  [1, 2, 3].map((level) => ({
    // The name starts with what the button shows ("H1"), which is what voice control users say.
    label: `H${level} heading`,
    command: { kind: "format", format: "header", value: level },
    icon: <span className="toolbar-text">H{level}</span>,
  })),
  [
    {
      label: "Bulleted list",
      command: { kind: "format", format: "list", value: "bullet" },
      icon: svg(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />),
    },
    {
      label: "Numbered list",
      command: { kind: "format", format: "list", value: "ordered" },
      icon: svg(<path d="M10 6h10M10 12h10M10 18h10M4 5h1v4M4 9h2M4 15h2l-2 3h2" />),
    },
    { label: "Quote", command: { kind: "format", format: "blockquote" }, icon: svg(<path d="M7 8h3v5H6v-1a4 4 0 0 1 1-3M15 8h3v5h-4v-1a4 4 0 0 1 1-3" />) },
  ],
  [
    {
      label: "Link",
      shortcut: "Ctrl+K",
      command: { kind: "panel", panel: "link" },
      icon: svg(<path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" />),
    },
    {
      label: "Image from a web address",
      command: { kind: "panel", panel: "image" },
      icon: svg(
        <>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="m3 16 5-5 5 5 3-3 5 5M15 9h.01" />
        </>,
      ),
    },
    {
      label: "Emoji",
      command: { kind: "panel", panel: "emoji" },
      icon: svg(
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />
        </>,
      ),
    },
  ],
];

function isPressed(active: ActiveFormats, command: FormatCommand): boolean | undefined {
  if (command.kind !== "format") return undefined;
  const value = active[command.format];
  return command.value === undefined ? value === true : value === command.value;
}

export interface EditorToolbarProps {
  active: ActiveFormats;
  onCommand: (command: FormatCommand) => void;
}

/** One tab stop; arrow keys move between buttons (the WAI-ARIA toolbar pattern). */
export function EditorToolbar({ active, onCommand }: EditorToolbarProps) {
  const toolbarRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: buttons.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = buttons[(target + buttons.length) % buttons.length];
    buttons.forEach((button) => (button.tabIndex = button === next ? 0 : -1));
    next?.focus();
  }

  let index = 0;
  return (
    <div ref={toolbarRef} className="editor-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={handleKeyDown}>
      {GROUPS.map((group, groupIndex) => (
        <div className="editor-toolbar-group" key={groupIndex}>
          {group.map((button) => {
            const first = index++ === 0;
            const title = button.shortcut ? `${button.label} (${button.shortcut})` : button.label;
            return (
              <button
                key={button.label}
                type="button"
                className="editor-toolbar-button"
                tabIndex={first ? 0 : -1}
                aria-label={button.label}
                aria-pressed={isPressed(active, button.command)}
                aria-haspopup={button.command.kind === "panel" ? "dialog" : undefined}
                title={title}
                // Keeps the editor's selection when a mouse clicks the button.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onCommand(button.command)}
              >
                {button.icon}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
