import { isDisposableEmail } from './disposable-email';

describe('isDisposableEmail', () => {
  it('flags listed providers, any case', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@MAILINATOR.COM')).toBe(true);
  });

  it('flags subdomains of wildcard providers', () => {
    expect(isDisposableEmail('x@anything.33m.co')).toBe(true);
  });

  it('passes ordinary domains', () => {
    expect(isDisposableEmail('dev@example.com')).toBe(false);
    expect(isDisposableEmail('dev@company.co.uk')).toBe(false);
  });
});
