/** Up to two initials of a user's name (or id), for an avatar. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

/** A stable colour per user, from a small palette that keeps white text readable. */
const PALETTE = ['#b4235a', '#6d28d9', '#1d4ed8', '#0f766e', '#a16207', '#c2410c', '#4d7c0f', '#be123c'];
export function userColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length];
}
