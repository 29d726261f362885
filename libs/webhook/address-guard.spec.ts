import { BlockedTargetError, isBlockedAddress, vetTarget } from './address-guard';

describe('webhook address guard', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', 'ff02::1',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('refuses private literals unless private networks are allowed', async () => {
    await expect(vetTarget(new URL('http://127.0.0.1:8080/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://[::1]/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://localhost/x'), false)).rejects.toBeInstanceOf(BlockedTargetError);
    await expect(vetTarget(new URL('http://127.0.0.1:8080/x'), true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(vetTarget(new URL('http://8.8.8.8/x'), false)).resolves.toEqual({ address: '8.8.8.8', family: 4 });
  });
});
