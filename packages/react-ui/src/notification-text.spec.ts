import { notificationText } from './notification-text';

describe('notificationText', () => {
  it("fills the headline's placeholders: a user by name, a string as it is", () => {
    expect(
      notificationText({
        id: '1',
        displayHeadlineMessageTemplate: '{actionUser} {actionMessage}',
        displayHeadlineMessageTemplateData: {
          actionUser: { userId: 'ann', name: 'Ann', email: 'ann@example.com' },
          actionMessage: 'mentioned you in a comment',
        },
        displayBodyMessage: 'Look, @Bob',
      }),
    ).toBe('Ann mentioned you in a comment: Look, @Bob');
  });

  it('names a user without a name by e-mail, then id, and an absent value as "someone"', () => {
    const text = (actionUser: unknown) =>
      notificationText({
        id: '1',
        displayHeadlineMessageTemplate: '{actionUser} replied',
        displayHeadlineMessageTemplateData: actionUser === undefined ? {} : { actionUser },
      });
    expect(text({ userId: 'ann', email: 'ann@example.com' })).toBe('ann@example.com replied');
    expect(text({ userId: 'ann' })).toBe('ann replied');
    expect(text(undefined)).toBe('someone replied');
  });

  it('takes a plain headline when there is no template, and says "New activity" when there is nothing', () => {
    expect(notificationText({ id: '1', headline: 'Build passed' })).toBe('Build passed');
    expect(notificationText({ id: '1' })).toBe('New activity');
  });
});
