import { domainAllows, normalizeDomain } from './domain-name';

describe('normalizeDomain', () => {
  it.each([
    ['https://www.Example.com/path?q=1', 'example.com'],
    ['http://app.example.com:8080', 'app.example.com'],
    ['example.com.', 'example.com'],
    ['*.example.com', '*.example.com'],
    ['localhost', 'localhost'],
    ['  sub-domain.example.co.uk ', 'sub-domain.example.co.uk'],
  ])('%s -> %s', (input, expected) => expect(normalizeDomain(input)).toBe(expected));

  it.each([
    '',
    'not a domain',
    'example',
    '-bad.com',
    'bad-.com',
    '*.com',
    'a..b.com',
    'ex_ample.com',
    `${'a'.repeat(64)}.com`,
  ])('rejects %j', (input) => expect(normalizeDomain(input)).toBeNull());
});

describe('domainAllows', () => {
  const domains = ['example.com', '*.apps.io'];

  it('matches exact domains and www', () => {
    expect(domainAllows(domains, 'example.com')).toBe(true);
    expect(domainAllows(domains, 'www.example.com')).toBe(true);
    expect(domainAllows(domains, 'evil-example.com')).toBe(false);
  });

  it('matches wildcard subdomains but not the bare domain or look-alikes', () => {
    expect(domainAllows(domains, 'a.apps.io')).toBe(true);
    expect(domainAllows(domains, 'a.b.apps.io')).toBe(true);
    expect(domainAllows(domains, 'apps.io')).toBe(false);
    expect(domainAllows(domains, 'badapps.io')).toBe(false);
  });
});
