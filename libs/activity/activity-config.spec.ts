import { ApiError } from '@app/common';
import { isRecorded, mergeConfig, parseTriggers } from './activity-config';
import { retentionCutoff } from './activity-config.service';

describe('activity configuration', () => {
  const now = 1_800_000_000_000;

  it("seeds Velt's defaults on the first enable, under what the request sends", () => {
    const config = mergeConfig(null, { isEnabled: true, immutable: false }, now);
    expect(config).toMatchObject({ isEnabled: true, immutable: false, enabledTime: now });
    expect(config.triggers?.comment).toMatchObject({ 'comment.add': true, 'comment_annotation.status_change': true });
  });

  it('deep-merges: omitted fields are kept, trigger flags merge one by one, a source flag replaces the map', () => {
    const stored = mergeConfig(null, { isEnabled: true, enabledTime: 5 }, now);
    const merged = mergeConfig(stored, { triggers: { comment: { 'comment.add': false } }, retentionDays: 7 }, now + 1);
    expect(merged).toMatchObject({ isEnabled: true, immutable: true, enabledTime: 5, retentionDays: 7 });
    expect(merged.triggers?.comment).toMatchObject({ 'comment.add': false, 'comment.update': true });
    expect(mergeConfig(merged, { triggers: { organization: false } }, now).triggers).toMatchObject({
      organization: false,
      comment: { 'comment.add': false },
    });
    expect(
      mergeConfig(
        mergeConfig(merged, { triggers: { organization: false } }, now),
        { triggers: { organization: { 'organization.add': true } } },
        now,
      ).triggers?.organization,
    ).toEqual({
      'organization.add': true,
    });
  });

  it('does not seed defaults when the first update does not enable', () => {
    expect(mergeConfig(null, { retentionDays: 1 }, now)).toEqual({ isEnabled: false, retentionDays: 1 });
  });

  it("records nothing while disabled; a source flag or a trigger flag (ours or Velt's comment action type) switches one off", () => {
    expect(isRecorded({ isEnabled: false }, 'comment.add')).toBe(false);
    expect(isRecorded({ isEnabled: true }, 'organization.add')).toBe(true);
    expect(isRecorded({ isEnabled: true, triggers: { organization: false } }, 'organization.add')).toBe(false);
    expect(isRecorded({ isEnabled: true, triggers: { organization: false } }, 'document.add')).toBe(true);
    expect(
      isRecorded({ isEnabled: true, triggers: { document: { 'document.update': false } } }, 'document.update'),
    ).toBe(false);
    expect(isRecorded({ isEnabled: true, triggers: { document: { 'document.update': false } } }, 'document.add')).toBe(
      true,
    );
    expect(isRecorded({ isEnabled: true, triggers: { comment: { added: false } } }, 'comment.add')).toBe(false);
    expect(
      isRecorded({ isEnabled: true, triggers: { comment: { added: false, 'comment.add': true } } }, 'comment.add'),
    ).toBe(true);
  });

  it('parses triggers: known sources, flags or maps of flags; unknown trigger names are kept', () => {
    expect(
      parseTriggers({ comment: { added: true, 'comment_annotation.suggestion_accept': false }, access: false }),
    ).toEqual({
      comment: { added: true, 'comment_annotation.suggestion_accept': false },
      access: false,
    });
    expect(() => parseTriggers({ recorder: true })).toThrow(ApiError);
    expect(() => parseTriggers({ comment: 'yes' })).toThrow(
      'data.activityServiceConfig.triggers.comment must be a boolean or an object',
    );
    expect(() => parseTriggers({ comment: { added: 1 } })).toThrow(
      'data.activityServiceConfig.triggers.comment.added must be a boolean.',
    );
  });

  it('retention cutoff: days (fractions too) before now, none without retention', () => {
    expect(retentionCutoff(undefined, now)).toBeNull();
    expect(retentionCutoff(1, now)).toBe(now - 86_400_000);
    expect(retentionCutoff(0.5, now)).toBe(now - 43_200_000);
  });
});
