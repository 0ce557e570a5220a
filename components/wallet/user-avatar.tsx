export interface UserAvatarProps {
  name: string;
  image: string;
  size?: number;
}

/** The user's picture, or the first letter of their name on a tinted disc when they have none. */
export function UserAvatar({ name, image, size = 32 }: UserAvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (/^(https?:\/\/|\/media\/proxy\?|\/uploads\/\d+\/[0-9a-f]{64}\.[a-z0-9]+$)/i.test(image)) {
    // eslint-disable-next-line @next/next/no-img-element -- remote avatars come through /media/proxy
    return <img className="user-avatar" src={image} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className="user-avatar user-avatar-initial" style={style} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
