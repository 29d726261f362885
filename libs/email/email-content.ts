import { CommentEventData, EventEnvelope, NotificationUser } from '@app/events';
import { CommentEmailData } from './entities/email-message.entity';

/** Subject and bodies of one e-mail, built when the event is recorded so a later send is the same message. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  templateData: CommentEmailData;
}

/** Longest comment excerpt an e-mail carries; the document holds the rest. */
export const MAX_EXCERPT_LENGTH = 500;

function nameOf(user: { userId: string; name?: string } | null): string {
  return user?.name?.trim() || user?.userId || 'Someone';
}

function excerpt(text: string | null): string | null {
  if (text === null) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_EXCERPT_LENGTH ? `${flat.slice(0, MAX_EXCERPT_LENGTH - 1)}…` : flat;
}

/** Header-safe: a subject is one line, whatever the user names hold. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The comment the event is about: the target comment, else the thread's first. */
function commentOf(event: CommentEventData): { commentId: number | null; commentText: string | null } {
  if (event.comment) return { commentId: event.comment.commentId, commentText: event.comment.commentText ?? null };
  const first = (event.annotation.comments as Array<Record<string, unknown>> | undefined)?.[0];
  return {
    commentId: typeof first?.commentId === 'number' ? first.commentId : null,
    commentText: typeof first?.commentText === 'string' ? first.commentText : null,
  };
}

/**
 * The e-mail telling `recipient` about a comment event: the plain message for SMTP and SendGrid without
 * a template, and the data a SendGrid dynamic template renders instead.
 */
export function buildEmailContent(
  event: CommentEventData & EventEnvelope,
  recipient: NotificationUser,
  reason: CommentEmailData['reason'],
  fromCompany: string | null,
): EmailContent {
  const { commentId, commentText } = commentOf(event);
  const templateData: CommentEmailData = {
    reason,
    event: event.trigger,
    actionUser: event.actionUser,
    recipient: { userId: recipient.userId, ...(recipient.name ? { name: recipient.name } : {}) },
    organizationId: event.organizationId,
    documentId: event.documentId,
    documentName: event.documentName ?? null,
    annotationId: event.annotation.annotationId,
    commentId,
    commentText: excerpt(commentText),
    fromCompany,
  };
  const actor = nameOf(event.actionUser);
  const where = event.documentName || event.documentId;
  const subject = oneLine(
    reason === 'mention' ? `${actor} mentioned you in ${where}` : `${actor} assigned you a comment in ${where}`,
  );
  const lead =
    reason === 'mention'
      ? `${actor} mentioned you in a comment on ${where}.`
      : `${actor} assigned you a comment thread on ${where}.`;
  const quote = templateData.commentText;
  const signature = fromCompany ? `— ${fromCompany}` : null;
  const text = [
    `Hi ${nameOf(recipient)},`,
    '',
    lead,
    ...(quote ? ['', `"${quote}"`] : []),
    ...(signature ? ['', signature] : []),
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(nameOf(recipient))},</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    ...(quote ? [`<blockquote>${escapeHtml(quote)}</blockquote>`] : []),
    ...(signature ? [`<p>${escapeHtml(signature)}</p>`] : []),
  ].join('\n');
  return { subject, text, html, templateData };
}
