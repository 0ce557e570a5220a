"use client";

// Loaded only through lazy-editor.tsx, so Quill and its CSS never reach reading pages.
import type QuillType from "quill/core";
import type { Range } from "quill/core";
import { useEffect, useRef, useState, type RefObject } from "react";
import "quill/dist/quill.core.css";
import "./quill-editor.css";
import { cleanDeltaOps, readEditableContent } from "./clean-delta";
import { EditorToolbar, type ActiveFormats, type FormatCommand } from "./editor-toolbar";
import { EmojiPanel, UrlPanel } from "./editor-panels";
import { AGORA_FORMATS, registerAgoraFormats } from "./quill-formats";
import type { EmojiValue } from "./emoji-list";
import { AttachFileButton, AttachmentChips, useFileAttachments } from "./file-attachments";
import { ImageUploadControls, useImageUploads } from "./image-uploads";

export interface QuillEditorHandle {
  /** JSON of the delta ops, cleaned to what the API accepts. */
  getContent(): string;
  isEmpty(): boolean;
  clear(): void;
  /** Replaces the text with a stored delta (JSON text) without counting as an edit (a draft chosen in a conflict). */
  setContent(json: string): void;
  focus(): void;
  /** The attached files' upload ids (contract section 15's file_attachments), in the order attached. */
  getFileIds(): number[];
  /** Whether an attached file is still uploading. */
  isUploadingFiles(): boolean;
  /** Adds a delta (JSON text, e.g. a quote) at the end and puts the caret after it. */
  append(content: string): void;
}

export interface QuillEditorProps {
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  editorRef: RefObject<QuillEditorHandle | null>;
  describedBy?: string;
  invalid?: boolean;
  onChange?: () => void;
  /** A delta (JSON text) to start from, when editing a post. */
  initialContent?: string;
  /** The group whose posts this writes: pasted, dropped and picked images are uploaded there. Unset: images by address only. */
  uploadGroupName?: string;
  /** The group takes other files than images from this person: "Attach a file", and dropped files become chips. */
  allowFiles?: boolean;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"];

type Panel = null | { kind: "link"; initial: string; range: Range } | { kind: "image"; range: Range } | { kind: "emoji"; range: Range };

// Tab leaves the editor (keyboard users must be able to reach the submit button) and
// nested lists are not part of the API's format, so the indent bindings go too.
const KEYBOARD_BINDINGS = { tab: false, indent: false, outdent: false, "remove tab": false, "outdent backspace": false };

export function QuillEditor({
  label,
  placeholder,
  autoFocus,
  editorRef,
  describedBy,
  invalid,
  onChange,
  initialContent,
  uploadGroupName,
  allowFiles = false,
}: QuillEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<QuillType | null>(null);
  const onChangeRef = useRef(onChange);
  const [active, setActive] = useState<ActiveFormats>({});
  const [panel, setPanel] = useState<Panel>(null);
  const uploads = useImageUploads(quillRef, uploadGroupName);
  const attachments = useFileAttachments(uploadGroupName);
  // The editor is built once; its uploader and handle read the latest of these.
  const latest = useRef({ uploads, attachments, allowFiles });
  useEffect(() => {
    latest.current = { uploads, attachments, allowFiles };
  });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const Quill = registerAgoraFormats();
    const mount = document.createElement("div");
    host.appendChild(mount);
    const quill = new Quill(mount, {
      formats: [...AGORA_FORMATS],
      placeholder,
      modules: {
        keyboard: { bindings: { ...KEYBOARD_BINDINGS, link: { key: "k", shortKey: true, handler: () => openLinkPanel(quill) } } },
        // Dropped or pasted files go to receiveFiles (never into the delta as data: URLs, which the API refuses).
        uploader: { handler: (range: Range, files: File[]) => receiveFiles(files, range.index) },
      },
    });
    const root = quill.root;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    root.setAttribute("aria-label", label);
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    quillRef.current = quill;
    // Stored content is not trusted to be a delta Quill can take (legacy rows): see readEditableContent.
    if (initialContent) quill.setContents(readEditableContent(initialContent) as Parameters<typeof quill.setContents>[0], "api");

    quill.on("editor-change", () => {
      const range = quill.getSelection();
      if (range) setActive(quill.getFormat(range) as ActiveFormats);
    });
    quill.on("text-change", () => onChangeRef.current?.());

    editorRef.current = {
      getContent: () => JSON.stringify(cleanDeltaOps(quill.getContents().ops)),
      isEmpty: () => quill.getText().replace(/[\s\u200B-\u200D\u2060\uFEFF]/g, "") === "" && !hasEmbeds(quill),
      clear: () => {
        quill.setContents([], "api");
        latest.current.attachments.clear();
      },
      setContent: (json) => quill.setContents(readEditableContent(json) as Parameters<typeof quill.setContents>[0], "silent"),
      focus: () => quill.focus(),
      getFileIds: () => latest.current.attachments.chips.flatMap((chip) => (chip.id !== null ? [chip.id] : [])),
      isUploadingFiles: () => latest.current.attachments.chips.some((chip) => chip.id === null),
      append: (content) => {
        // Before the document's last newline, on a line of its own; that newline is then the empty line to type in.
        const end = quill.getLength() - 1;
        const lead = end > 0 && quill.getText(end - 1, 1) !== "\n" ? [{ insert: "\n" }] : [];
        const added = readEditableContent(content);
        // The content's own closing empty line (a quote's) is the document's last newline here.
        const last = added.at(-1);
        if (last?.insert === "\n" && !last.attributes) added.pop();
        const ops = [{ retain: end }, ...lead, ...added];
        quill.updateContents(ops as Parameters<typeof quill.updateContents>[0], "user");
        quill.setSelection(quill.getLength() - 1, 0, "user");
      },
    };
    // Content to start from (an edit, a quote) puts the caret after it, where one goes on writing.
    if (autoFocus && initialContent) quill.setSelection(quill.getLength() - 1, 0, "api");
    else if (autoFocus) quill.focus();

    // Without a group to upload to, dropped and pasted files are ignored (never data: URLs, which the API refuses).
    function receiveFiles(files: File[], index: number) {
      if (!uploadGroupName) return;
      const { uploads: images, attachments: chips, allowFiles: filesAllowed } = latest.current;
      const pictures = files.filter((file) => IMAGE_TYPES.includes(file.type));
      const others = files.filter((file) => !IMAGE_TYPES.includes(file.type));
      if (pictures.length > 0) void images.upload(pictures, index);
      if (others.length === 0) return;
      if (filesAllowed) void chips.add(others);
      else images.refuse(`${others[0]!.name}: only images (PNG, JPEG, GIF, WebP, AVIF) can be added in this group`);
    }

    function openLinkPanel(editor: QuillType): boolean {
      const range = editor.getSelection(true);
      const current = editor.getFormat(range).link;
      setPanel({ kind: "link", initial: typeof current === "string" ? current : "", range });
      return false;
    }

    return () => {
      editorRef.current = null;
      quillRef.current = null;
      host.innerHTML = "";
    };
    // The editor is created once; label and placeholder changes do not rebuild it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (root) root.setAttribute("aria-invalid", invalid ? "true" : "false");
  }, [invalid]);

  function runCommand(command: FormatCommand) {
    const quill = quillRef.current;
    if (!quill) return;
    const range = quill.getSelection(true);
    const formats = quill.getFormat(range);
    if (command.kind === "panel") {
      if (command.panel === "link") {
        const current = formats.link;
        setPanel({ kind: "link", initial: typeof current === "string" ? current : "", range });
      } else {
        setPanel({ kind: command.panel, range });
      }
      return;
    }
    const value = command.value ?? true;
    quill.format(command.format, formats[command.format] === value ? false : value, "user");
    setActive(quill.getFormat(quill.getSelection() ?? range) as ActiveFormats);
  }

  function applyLink(url: string | null, range: Range) {
    const quill = quillRef.current;
    if (!quill) return;
    const target = findLinkRange(quill, range);
    if (url === null) {
      if (target.length > 0) quill.formatText(target, "link", false, "user");
    } else if (target.length > 0) {
      quill.formatText(target, "link", url, "user");
    } else {
      quill.insertText(range.index, url, { link: url }, "user");
      target.length = url.length;
    }
    closePanel(target.index + target.length);
  }

  function insertEmbed(range: Range, type: "image" | "emoji", value: string | EmojiValue) {
    const quill = quillRef.current;
    if (!quill) return;
    if (range.length > 0) quill.deleteText(range, "user");
    quill.insertEmbed(range.index, type, value, "user");
    closePanel(range.index + 1);
  }

  function closePanel(cursor?: number) {
    setPanel(null);
    const quill = quillRef.current;
    if (!quill) return;
    quill.focus();
    if (cursor !== undefined) quill.setSelection(cursor, 0, "user");
  }

  return (
    <div className="quill-editor" data-invalid={invalid ? "true" : undefined}>
      <EditorToolbar active={active} onCommand={runCommand} />
      {uploadGroupName ? (
        <ImageUploadControls uploads={uploads} accept={IMAGE_TYPES.join(",")}>
          {allowFiles ? <AttachFileButton onFiles={(files) => void attachments.add(files)} /> : null}
        </ImageUploadControls>
      ) : null}
      {panel?.kind === "link" ? (
        <UrlPanel
          key="link"
          title={panel.initial ? "Edit the link" : "Insert a link"}
          label="Link address"
          initial={panel.initial}
          submitLabel={panel.initial ? "Update link" : "Add link"}
          allowEmpty={panel.initial !== ""}
          onSubmit={(url) => applyLink(url, panel.range)}
          onCancel={() => closePanel()}
        />
      ) : null}
      {panel?.kind === "image" ? (
        <UrlPanel
          key="image"
          title="Insert an image"
          label="Image address (http or https)"
          initial=""
          submitLabel="Insert image"
          allowEmpty={false}
          onSubmit={(url) => url && insertEmbed(panel.range, "image", url)}
          onCancel={() => closePanel()}
        />
      ) : null}
      {panel?.kind === "emoji" ? <EmojiPanel onPick={(emoji) => insertEmbed(panel.range, "emoji", emoji)} onCancel={() => closePanel()} /> : null}
      <div ref={hostRef} className="quill-editor-host" />
      <AttachmentChips attachments={attachments} />
    </div>
  );
}

// A caret inside an existing link edits the whole link, as people expect from other editors.
function findLinkRange(quill: QuillType, range: Range): Range {
  if (range.length > 0) return { ...range };
  const [leaf, offset] = quill.getLeaf(range.index);
  let node = leaf?.parent;
  while (node && node.statics.blotName !== "link" && node !== quill.scroll) node = node.parent;
  if (!node || node === quill.scroll) return { index: range.index, length: 0 };
  const start = range.index - offset - (leaf ? leaf.offset(node) : 0);
  return { index: start, length: node.length() };
}

function hasEmbeds(quill: QuillType): boolean {
  return quill.getContents().ops.some((op) => typeof op.insert === "object");
}
