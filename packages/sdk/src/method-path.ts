/** `/v2/auth/generate_token` -> `['auth', 'generateToken']`: where an operation sits on the client. */
export function methodPath(path: string): string[] {
  return path
    .split('/')
    .slice(2)
    .map((segment) => segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
}
