import "./ui.css";

export interface AvatarProps {
  /** The name the initials come from (username or group title). */
  name: string;
  /** A stable number (user or group id) that picks the colour, so a person keeps theirs everywhere. */
  seed: number;
  src?: string | null;
  size?: number;
  shape?: "circle" | "square";
  className?: string;
}

// Views hand over remote photos as /media/proxy addresses (lib/media/image-proxy-url.ts).
// Client components render avatars too, so this stays a regex.
const IMAGE_URL = /^(https?:\/\/[^\s/?#]+|\/media\/proxy\?|\/uploads\/\d+\/[0-9a-f]{64}\.[a-z0-9]+$)/i;

// The golden angle spreads consecutive ids across the colour wheel. The colour is OKLCH so every
// hue is equally dark: white initials stay above 5:1 on all of them (HSL greens fell to 3.8:1).
function pickHue(seed: number): number {
  return Math.round((Math.abs(seed) * 137.508) % 360);
}

function readInitials(name: string): string {
  const words = name
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]?.slice(0, 2)];
  return (
    letters
      .map((word) => Array.from(word ?? "")[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}

/** A photo when there is one; otherwise initials on a colour derived from the id (no requests). */
export function Avatar({ name, seed, src, size = 40, shape = "circle", className }: AvatarProps) {
  const classes = ["avatar", `avatar--${shape}`, className].filter(Boolean).join(" ");
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.4)) };
  if (src && IMAGE_URL.test(src)) {
    return (
      // Photos come through Agora's own image proxy, which already caps and checks them.
      // eslint-disable-next-line @next/next/no-img-element
      <img className={classes} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" style={style} />
    );
  }
  return (
    <span className={classes} aria-hidden="true" style={{ ...style, backgroundColor: `oklch(50% 0.12 ${pickHue(seed)})` }}>
      {readInitials(name)}
    </span>
  );
}
