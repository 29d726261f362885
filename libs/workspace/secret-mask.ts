/** Shortest secret whose last four characters may be shown; shorter ones would give away too much of it. */
const MIN_REVEALING_LENGTH = 12;

/**
 * How a stored third-party secret (an e-mail provider key, an AI model key) is read back: `...` and
 * its last four characters, enough to tell keys apart; `****` when it is too short to reveal any.
 */
export function maskSecret(secret: string): string {
  return secret.length >= MIN_REVEALING_LENGTH ? `...${secret.slice(-4)}` : '****';
}
