import { ApiError } from '@app/common';
import { checkContinueUrl, CONTINUE_URL_NOT_ALLOWED, INVALID_CONTINUE_URL, loginLinkOf } from './continue-url';

function refusal(value: string, origin: string | null): string {
  try {
    checkContinueUrl(value, origin);
  } catch (error) {
    return (error as ApiError).message;
  }
  return 'accepted';
}

describe('checkContinueUrl', () => {
  it('accepts the console origin and loopback hosts on any port', () => {
    expect(refusal('https://collab.example.com/console/#/webhooks', 'https://collab.example.com')).toBe('accepted');
    expect(refusal('http://localhost:3000/console/', null)).toBe('accepted');
    expect(refusal('http://127.0.0.1:41234/', null)).toBe('accepted');
    expect(refusal('http://[::1]:8080/', null)).toBe('accepted');
  });

  it('refuses other origins: another host, scheme or port than the console, or a look-alike', () => {
    const origin = 'https://collab.example.com';
    expect(refusal('https://evil.example.com/', origin)).toBe(CONTINUE_URL_NOT_ALLOWED);
    expect(refusal('http://collab.example.com/', origin)).toBe(CONTINUE_URL_NOT_ALLOWED);
    expect(refusal('https://collab.example.com:8443/', origin)).toBe(CONTINUE_URL_NOT_ALLOWED);
    expect(refusal('https://collab.example.com.evil.net/', origin)).toBe(CONTINUE_URL_NOT_ALLOWED);
    expect(refusal('https://localhost.evil.net/', null)).toBe(CONTINUE_URL_NOT_ALLOWED);
  });

  it('refuses what is not an http(s) URL, or carries credentials', () => {
    expect(refusal('not a url', null)).toBe(INVALID_CONTINUE_URL);
    expect(refusal('javascript:alert(1)', null)).toBe(INVALID_CONTINUE_URL);
    expect(refusal('http://user:pw@localhost/', null)).toBe(INVALID_CONTINUE_URL);
  });

  it('puts the token in the fragment of the console on that origin', () => {
    expect(loginLinkOf(new URL('http://localhost:3000/x?y=1'), 'abc')).toBe('http://localhost:3000/console/#/link/abc');
  });
});
