export interface EmojiValue {
  name: string;
  unicode: string;
}

// A small, familiar set; names follow the common shortcode spelling.
export const COMMON_EMOJI: readonly EmojiValue[] = [
  { name: "thumbs_up", unicode: "👍" },
  { name: "thumbs_down", unicode: "👎" },
  { name: "grinning", unicode: "😀" },
  { name: "joy", unicode: "😂" },
  { name: "blush", unicode: "😊" },
  { name: "heart_eyes", unicode: "😍" },
  { name: "thinking", unicode: "🤔" },
  { name: "cry", unicode: "😢" },
  { name: "open_mouth", unicode: "😮" },
  { name: "sunglasses", unicode: "😎" },
  { name: "pray", unicode: "🙏" },
  { name: "clap", unicode: "👏" },
  { name: "raised_hands", unicode: "🙌" },
  { name: "muscle", unicode: "💪" },
  { name: "tada", unicode: "🎉" },
  { name: "fire", unicode: "🔥" },
  { name: "heart", unicode: "❤️" },
  { name: "100", unicode: "💯" },
  { name: "white_check_mark", unicode: "✅" },
  { name: "x", unicode: "❌" },
  { name: "eyes", unicode: "👀" },
  { name: "rocket", unicode: "🚀" },
  { name: "bulb", unicode: "💡" },
  { name: "warning", unicode: "⚠️" },
];

export function describeEmoji(name: string): string {
  return name.replace(/_/g, " ");
}
