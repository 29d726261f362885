/**
 * Jest types its asymmetric matchers `any`, which makes an expected object holding one an unsafe
 * assignment; these are the same matchers typed `unknown`.
 */
export const anyString = (): unknown => expect.any(String);

export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);
