import { classifySendgridStatus, classifySmtpError, messageIdHeader } from './outgoing-email';
import { sendgridBody } from './sendgrid-transport';

describe('classifySmtpError', () => {
  it('retries a 4xx reply and a dropped connection, and gives up on a 5xx reply or a bad envelope', () => {
    expect(classifySmtpError({ message: 'Try later', responseCode: 451 })).toEqual({
      accepted: false,
      permanent: false,
      error: 'Try later',
    });
    expect(classifySmtpError({ message: 'connect ECONNREFUSED', code: 'ESOCKET' })).toMatchObject({ permanent: false });
    expect(classifySmtpError({ message: 'No such user', responseCode: 550 })).toMatchObject({ permanent: true });
    expect(classifySmtpError({ message: 'No recipients', code: 'EENVELOPE' })).toMatchObject({ permanent: true });
  });
});

describe('classifySendgridStatus', () => {
  it('accepts 2xx with its message id, retries 429 and 5xx, gives up on other statuses', () => {
    expect(classifySendgridStatus(202, '', 'sg-1')).toEqual({ accepted: true, providerMessageId: 'sg-1' });
    expect(classifySendgridStatus(429, '', null)).toMatchObject({ permanent: false });
    expect(classifySendgridStatus(503, '', null)).toMatchObject({ permanent: false });
    expect(classifySendgridStatus(401, '{"errors":[]}', null)).toEqual({
      accepted: false,
      permanent: true,
      error: 'SendGrid answered 401: {"errors":[]}',
    });
  });
});

describe('messageIdHeader', () => {
  it("is the row id at the sender's domain", () => {
    expect(messageIdHeader('abc', 'noreply@example.com')).toBe('<abc@example.com>');
  });
});

describe('sendgridBody', () => {
  const email = {
    id: 'm1',
    from: { email: 'noreply@example.com', name: 'Acme' },
    to: { email: 'bob@example.com', name: null },
    subject: 'S',
    text: 'T',
    html: '<p>T</p>',
    templateId: null,
    templateData: { reason: 'mention' },
  };

  it('sends the plain content without a template, and the template with its data otherwise', () => {
    expect(sendgridBody(email)).toEqual({
      personalizations: [{ to: [{ email: 'bob@example.com' }] }],
      from: { email: 'noreply@example.com', name: 'Acme' },
      subject: 'S',
      content: [
        { type: 'text/plain', value: 'T' },
        { type: 'text/html', value: '<p>T</p>' },
      ],
      custom_args: { emailMessageId: 'm1' },
    });
    const templated = sendgridBody({ ...email, templateId: 'd-123' });
    expect(templated).toMatchObject({
      template_id: 'd-123',
      personalizations: [{ dynamic_template_data: { reason: 'mention', subject: 'S' } }],
    });
    expect(templated).not.toHaveProperty('content');
  });
});
