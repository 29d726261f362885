import { maskSecret } from './secret-mask';

describe('maskSecret', () => {
  it('shows only the last four characters of a long secret', () => {
    expect(maskSecret('SG.abcdefghijklmnop1234')).toBe('...1234');
  });

  it('shows nothing of a short secret', () => {
    expect(maskSecret('short-key')).toBe('****');
    expect(maskSecret('')).toBe('****');
  });
});
