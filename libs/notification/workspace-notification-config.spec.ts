import {
  configView,
  DEFAULT_TRIGGERS,
  invalidTriggerPath,
  mergeWorkspaceConfig,
  triggerNotifies,
} from './workspace-notification-config';

describe('workspace notification config', () => {
  it("reads Velt's defaults when nothing is stored", () => {
    expect(configView(null)).toEqual({
      useNotificationService: false,
      notificationServiceConfig: {
        triggers: { comment: {}, huddle: {} },
        delayConfig: { isEnabled: false, delaySeconds: 10 },
        batchConfig: {
          document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
          user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
        },
      },
    });
  });

  it('seeds the default triggers on first enable, with the request on top', () => {
    const merged = mergeWorkspaceConfig(null, {
      useNotificationService: true,
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
    });
    expect(merged.useNotificationService).toBe(true);
    expect(merged.notificationServiceConfig.triggers).toEqual({
      ...DEFAULT_TRIGGERS,
      comment: { ...DEFAULT_TRIGGERS.comment, 'comment.add': false },
    });
    expect(DEFAULT_TRIGGERS.comment['comment_annotation.add']).toBe(true);
  });

  it('deep-merges, keeping what the update leaves out, and seeds nothing when triggers are stored', () => {
    const stored = {
      useNotificationService: false,
      notificationServiceConfig: {
        triggers: { comment: { 'comment.add': true } },
        delayConfig: { isEnabled: true, delaySeconds: 30 },
      },
    };
    const merged = mergeWorkspaceConfig(stored, {
      useNotificationService: true,
      notificationServiceConfig: { delayConfig: { delaySeconds: 60 } },
    });
    expect(merged.notificationServiceConfig).toEqual({
      triggers: { comment: { 'comment.add': true } },
      delayConfig: { isEnabled: true, delaySeconds: 60 },
    });
  });

  it('a trigger stops in-app notifications only when the service is on and the trigger is switched off', () => {
    const off = {
      useNotificationService: true,
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
    };
    expect(triggerNotifies(null, 'comment.add')).toBe(true);
    expect(triggerNotifies(off, 'comment.add')).toBe(false);
    expect(triggerNotifies(off, 'comment_annotation.add')).toBe(true);
    expect(triggerNotifies({ ...off, useNotificationService: false }, 'comment.add')).toBe(true);
  });

  it('names a trigger whose value is not a boolean', () => {
    expect(invalidTriggerPath({ comment: { 'comment.add': 'yes' } })).toBe(
      'data.notificationServiceConfig.triggers.comment.comment.add',
    );
    expect(invalidTriggerPath({ huddle: { 'huddle.join': true } })).toBeNull();
  });
});
