// Registers exactly the formats the API accepts, on Quill's core build (no themes, no
// toolbar module, no code blocks, tables or video), which keeps the lazy chunk small.
import Quill from "quill/core";
import { Attributor, Scope, type EmbedBlot } from "parchment";
import Bold from "quill/formats/bold";
import Italic from "quill/formats/italic";
import Underline from "quill/formats/underline";
import Strike from "quill/formats/strike";
import { Code } from "quill/formats/code";
import Blockquote from "quill/formats/blockquote";
import Link from "quill/formats/link";
import List from "quill/formats/list";
import Header from "quill/formats/header";
import Image from "quill/formats/image";
import { BackgroundStyle } from "quill/formats/background";
import type { EmojiValue } from "./emoji-list";

/** The `formats` option: anything else (pasted colours, fonts, code blocks…) is dropped on entry. */
export const AGORA_FORMATS = [
  "bold",
  "italic",
  "underline",
  "strike",
  "code",
  "blockquote",
  "link",
  "list",
  "header",
  "background",
  "image",
  "emoji",
  "quote",
] as const;

// Only h1–h3 exist in the API; a pasted <h4> becomes a plain paragraph.
class LimitedHeader extends Header {
  static tagName = ["H1", "H2", "H3"];
}

// Only http(s) links and images: mailto:, tel: and data: URLs would be refused by the API.
class HttpLink extends Link {
  static PROTOCOL_WHITELIST = ["http", "https"];
}

class HttpImage extends Image {
  static sanitize(url: string): string {
    return /^https?:\/\//i.test(url) ? url : "//:0";
  }
}

const Embed = Quill.import("blots/embed") as typeof EmbedBlot;

// A quoted post's id on a blockquote line (contract section 17), kept as data-quote on the line.
// The DOM gives it back as text; cleanDeltaOps turns it into the integer the API takes.
const QuoteAttribute = new Attributor("quote", "data-quote", { scope: Scope.BLOCK });

type UploadHandler = (range: unknown, files: File[]) => void;
const BaseUploader = Quill.import("modules/uploader") as new (...args: never[]) => { options: { handler: UploadHandler } };

// Quill's uploader passes on only files whose browser type is listed; Agora's handler gets every
// dropped or pasted file and sorts them itself (images inline, other files as attachments).
class AgoraUploader extends BaseUploader {
  upload(range: unknown, files: FileList | File[]) {
    const list = Array.from(files).filter(Boolean);
    if (list.length > 0) this.options.handler.call(this, range, list);
  }
}

// Stored in the delta as {emoji: {name, unicode}}, the shape the API validates.
class EmojiBlot extends Embed {
  static blotName = "emoji";
  static tagName = "SPAN";
  static className = "ql-emoji";

  static create(value: EmojiValue): HTMLElement {
    const node = super.create(value) as HTMLElement;
    node.setAttribute("data-name", value.name);
    node.setAttribute("data-unicode", value.unicode);
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", value.name.replace(/_/g, " "));
    node.textContent = value.unicode;
    return node;
  }

  static value(node: HTMLElement): EmojiValue {
    return { name: node.getAttribute("data-name") ?? "", unicode: node.getAttribute("data-unicode") ?? "" };
  }
}

let registered = false;

export function registerAgoraFormats(): typeof Quill {
  if (registered) return Quill;
  Quill.register(
    {
      "formats/bold": Bold,
      "formats/italic": Italic,
      "formats/underline": Underline,
      "formats/strike": Strike,
      "formats/code": Code,
      "formats/blockquote": Blockquote,
      "formats/link": HttpLink,
      "formats/list": List,
      "formats/header": LimitedHeader,
      "formats/image": HttpImage,
      "formats/background": BackgroundStyle,
      "formats/emoji": EmojiBlot,
      "formats/quote": QuoteAttribute,
      "modules/uploader": AgoraUploader,
    },
    true,
  );
  registered = true;
  return Quill;
}
