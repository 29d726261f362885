/** The document every `bench:comment-writes` add goes to. */
export const DOC = { organizationId: 'o', documentId: 'd' };

/** The body's `data` of one bench add: one thread, one comment mentioning bob, triggerNotification. */
export function addRequest(annotationId: string) {
  return {
    ...DOC,
    triggerNotification: true,
    commentAnnotations: [
      {
        annotationId,
        commentData: [
          {
            commentText: '@Bob have a look',
            from: { userId: 'ann', name: 'Ann' },
            taggedUserContacts: [{ userId: 'bob', contact: { userId: 'bob', name: 'Bob', email: 'bob@example.com' } }],
          },
        ],
      },
    ],
  };
}
