import { BlockedTargetError, isBlockedAddress, isRefusedTarget, vetTarget } from './address-guard';

describe('outbound address guard', () => {
  it.each([
    ['127.0.0.1', 'IPv4 loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local (AWS metadata)'],
    ['fc00::1', 'unique local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:808:808', 'IPv4-translated, even of a public address'],
    ['::7f00:1', 'deprecated IPv4-compatible'],
    ['2002:7f00:1::', '6to4 wrapping 127.0.0.1'],
    ['2002:808:808::1', '6to4, even wrapping a public address'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with a public server and client'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64 prefix'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['not-an-address', 'unparseable'],
  ])('blocks %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['172.32.0.1', 'just past 172.16.0.0/12'],
    ['100.128.0.1', 'just past 100.64.0.0/10'],
    ['2606:4700::1111', 'public IPv6'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address (IPv6-only networks with DNS64)'],
  ])('allows %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('refuses private literals unless private networks are allowed', async () => {
    await expect(vetTarget(new URL('http://127.0.0.1:8080/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://[::1]/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://localhost/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://127.0.0.1:8080/x'), true)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(vetTarget(new URL('http://8.8.8.8/x'), false)).resolves.toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('refuses the embedded forms in URLs, which the URL parser rewrites to hex', async () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]/x',
      'http://[2002:7f00:1::]/x',
      'http://[::ffff:0:7f00:1]/x',
      'http://0x7f.1/x',
      'http://[2001:db8::1]/x',
    ]) {
      await expect(vetTarget(new URL(url), false)).rejects.toBeInstanceOf(BlockedTargetError);
    }
  });

  it('returns the vetted address itself, so the delivery connects to what was checked', async () => {
    await expect(vetTarget(new URL('https://[2606:4700::1111]:8443/hook'), false)).resolves.toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    await expect(vetTarget(new URL('http://[::ffff:8.8.8.8]/x'), false)).resolves.toEqual({
      address: '::ffff:808:808',
      family: 6,
    });
  });

  describe('at config time', () => {
    it('refuses private literals and names resolving to them', async () => {
      for (const url of [
        'http://127.0.0.1:8080/x',
        'http://[::1]/x',
        'http://10.0.0.5/x',
        'http://0x7f.1/x',
        'http://localhost/x',
      ]) {
        await expect(isRefusedTarget(new URL(url))).resolves.toBe(true);
      }
    });

    it('accepts public literals and names that do not resolve', async () => {
      await expect(isRefusedTarget(new URL('http://8.8.8.8/x'))).resolves.toBe(false);
      await expect(isRefusedTarget(new URL('https://receiver-not-deployed-yet.invalid/hook'))).resolves.toBe(false);
      // The same name is still refused when a delivery is attempted, so it is retried rather than sent.
      await expect(vetTarget(new URL('https://receiver-not-deployed-yet.invalid/hook'), false)).rejects.toThrow();
    });
  });
});
