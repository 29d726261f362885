/** One e-mail as a provider sends it. */
export interface OutgoingEmail {
  /** The message row id: Message-ID (SMTP) or custom arg (SendGrid), so receivers can drop a repeat. */
  id: string;
  from: { email: string; name: string | null };
  to: { email: string; name: string | null };
  subject: string;
  text: string;
  html: string;
  /** SendGrid dynamic template and its data; the plain content is sent when there is no template. */
  templateId: string | null;
  templateData: Record<string, unknown>;
}

/** What one send observed: accepted (with the provider's id for it), or refused for now or for good. */
export type SendResult =
  { accepted: true; providerMessageId: string | null } | { accepted: false; permanent: boolean; error: string };

/** Longest provider error kept on the row. */
const MAX_ERROR_LENGTH = 500;

export function refused(permanent: boolean, error: string): SendResult {
  return {
    accepted: false,
    permanent,
    error: error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error,
  };
}

/** Nodemailer's error fields that tell a temporary refusal from a final one. */
export interface SmtpErrorLike {
  message?: string;
  code?: string;
  responseCode?: number;
}

/** Errors without an SMTP reply that no retry fixes: the message or its envelope cannot be sent as built. */
const FINAL_SMTP_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EAUTH']);

/**
 * RFC 5321: a 4yz reply is a transient negative completion (try again), a 5yz one is permanent.
 * Without a reply (connection refused, timeout, TLS) the server may be back soon: transient.
 */
export function classifySmtpError(error: SmtpErrorLike): SendResult {
  const message = error.message || error.code || 'SMTP error';
  if (typeof error.responseCode === 'number') return refused(error.responseCode >= 500, message);
  return refused(error.code !== undefined && FINAL_SMTP_CODES.has(error.code), message);
}

/** SendGrid v3: 2xx accepted; 429 and 5xx come back later; any other status is a request no retry fixes (bad key, bad sender). */
export function classifySendgridStatus(status: number, body: string, messageId: string | null): SendResult {
  if (status >= 200 && status < 300) return { accepted: true, providerMessageId: messageId };
  const error = `SendGrid answered ${status}${body ? `: ${body}` : ''}`;
  return refused(!(status === 429 || status >= 500), error);
}

/** The RFC 5322 Message-ID of a row: its id at the sender's domain. */
export function messageIdHeader(id: string, fromEmail: string): string {
  const domain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1) || 'localhost';
  return `<${id}@${domain}>`;
}
