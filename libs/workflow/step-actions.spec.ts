import { notificationRecipients, renderTemplate } from './step-actions';

describe('notification node recipients', () => {
  it('reads an entry with an @ as an address and any other as a user id', () => {
    expect(notificationRecipients(['ops@example.com', 'u_cy'])).toEqual({
      userIds: ['u_cy'],
      emails: [
        { userId: null, email: 'ops@example.com' },
        { userId: 'u_cy', email: null },
      ],
    });
    expect(notificationRecipients([])).toEqual({ userIds: [], emails: [] });
  });
});

describe('renderTemplate', () => {
  it('substitutes dot paths, renders missing ones empty and objects as JSON', () => {
    const roots = { input: { title: 'Launch', meta: { n: 1 } }, execution: { executionId: 'e1' } };
    expect(
      renderTemplate('{{input.title}} / {{ execution.executionId }} / {{input.missing}} / {{input.meta}}', roots),
    ).toBe('Launch / e1 /  / {"n":1}');
    expect(renderTemplate('{{input.constructor}}', roots)).toBe('');
  });
});
