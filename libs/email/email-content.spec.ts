import { buildEmailContent, MAX_EXCERPT_LENGTH } from './email-content';

describe('buildEmailContent', () => {
  const base = { apiKeyId: 'key-1', occurredAt: new Date(0), organizationId: 'org-1', documentId: 'doc-1' };
  const bob = { userId: 'bob', name: 'Bob', email: 'bob@example.com' };

  function event(trigger: string, data: Record<string, unknown> = {}) {
    return {
      ...base,
      trigger,
      actionUser: { userId: 'alice', name: 'Alice' },
      annotation: { annotationId: 'a1', comments: [{ commentId: 7, commentText: 'first words' }] },
      comment: { commentId: 9, commentText: 'Please look at <this>', to: [bob] },
      documentName: 'Q3 plan',
      ...data,
    } as Parameters<typeof buildEmailContent>[0];
  }

  it('names the actor, the document and quotes the comment of a mention', () => {
    const content = buildEmailContent(event('comment.add'), bob, 'mention', 'Acme');
    expect(content.subject).toBe('Alice mentioned you in Q3 plan');
    expect(content.text).toBe(
      'Hi Bob,\n\nAlice mentioned you in a comment on Q3 plan.\n\n"Please look at <this>"\n\n— Acme',
    );
    expect(content.html).toContain('<blockquote>Please look at &lt;this&gt;</blockquote>');
    expect(content.html).not.toContain('<this>');
    expect(content.templateData).toEqual({
      reason: 'mention',
      event: 'comment.add',
      actionUser: { userId: 'alice', name: 'Alice' },
      recipient: { userId: 'bob', name: 'Bob' },
      organizationId: 'org-1',
      documentId: 'doc-1',
      documentName: 'Q3 plan',
      annotationId: 'a1',
      commentId: 9,
      commentText: 'Please look at <this>',
      fromCompany: 'Acme',
    });
  });

  it("quotes an assigned thread's first comment and falls back to ids without names", () => {
    const content = buildEmailContent(
      event('comment_annotation.assign', { comment: null, actionUser: { userId: 'alice' }, documentName: null }),
      { userId: 'bob' },
      'assign',
      null,
    );
    expect(content.subject).toBe('alice assigned you a comment in doc-1');
    expect(content.text).toBe('Hi bob,\n\nalice assigned you a comment thread on doc-1.\n\n"first words"');
    expect(content.templateData.commentId).toBe(7);
  });

  it('keeps the subject on one line and the excerpt short', () => {
    const long = 'x'.repeat(MAX_EXCERPT_LENGTH * 2);
    const content = buildEmailContent(
      event('comment.add', {
        actionUser: { userId: 'a', name: 'Eve\r\nBcc: victim@example.com' },
        comment: { commentId: 1, commentText: long },
      }),
      bob,
      'mention',
      null,
    );
    expect(content.subject).not.toMatch(/[\r\n]/);
    expect(content.templateData.commentText).toHaveLength(MAX_EXCERPT_LENGTH);
  });
});
