import { RECIPIENT_REASONS } from '@app/events';
import { effectivePreference, preferenceAllows, storedSettingAllows } from './notification-preference-rules';

describe('notification preference rules', () => {
  it("falls back from the document to the organization to Velt's defaults", () => {
    expect(effectivePreference('inbox', null, null)).toBe('ALL');
    expect(effectivePreference('email', null, null)).toBe('MINE');
    expect(effectivePreference('inbox', null, { inbox: 'NONE' })).toBe('NONE');
    expect(effectivePreference('inbox', { inbox: 'MINE' }, { inbox: 'NONE' })).toBe('MINE');
    expect(effectivePreference('inbox', { inbox: null, email: 'ALL' }, { inbox: 'NONE' })).toBe('NONE');
  });

  it('ALL lets every reason through and NONE none', () => {
    for (const reason of RECIPIENT_REASONS) {
      expect(preferenceAllows('ALL', reason)).toBe(true);
      expect(preferenceAllows('NONE', reason)).toBe(false);
    }
  });

  it('MINE lets through what involves the user directly, not a status change of a thread they are in', () => {
    expect(preferenceAllows('MINE', 'mention')).toBe(true);
    expect(preferenceAllows('MINE', 'assign')).toBe(true);
    expect(preferenceAllows('MINE', 'reply')).toBe(true);
    expect(preferenceAllows('MINE', 'status')).toBe(false);
  });

  it("decides on one channel's stored values as on the rows: the document's, else the organization's, else the default", () => {
    expect(storedSettingAllows('email', { document: null, organization: null }, 'mention')).toBe(true);
    expect(storedSettingAllows('email', { document: null, organization: null }, 'status')).toBe(false);
    expect(storedSettingAllows('email', { document: null, organization: 'NONE' }, 'mention')).toBe(false);
    expect(storedSettingAllows('email', { document: 'ALL', organization: 'NONE' }, 'status')).toBe(true);
    expect(storedSettingAllows('email', { document: 'NONE', organization: 'ALL' }, 'assign')).toBe(false);
  });
});
