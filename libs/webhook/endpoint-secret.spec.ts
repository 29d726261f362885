import { Webhook } from 'standardwebhooks';
import { endpointDeliveryHeaders, generateEndpointSecret, secretKey, signWithKey } from './endpoint-secret';

describe('advanced endpoint secrets and signing', () => {
  const body = JSON.stringify({ webhookId: 'msg_1', event: 'comment.add', data: { text: 'héllo' } });

  it('issues whsec_ secrets of 24 random bytes in base64', () => {
    const secret = generateEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secretKey(secret)).toHaveLength(24);
    expect(generateEndpointSecret()).not.toEqual(secret);
  });

  it('keys the HMAC with the base64-decoded part after whsec_', () => {
    // Velt's documented example (webhooks/advanced, "Example signatures").
    const key = secretKey('whsec_plJ3nmyCDGBKInavdOK15jsl')!;
    expect(signWithKey('msg_loFOjxBNrRLzqYUf', 1731705121, '{"event_type":"ping","data":{"success":true}}', key)).toBe(
      'v1,rAvfW3dJ/X/qxhsaXPOyyCGmRKsaKWcsNccKXlIktD0=',
    );
  });

  it('refuses malformed secrets', () => {
    for (const bad of [
      '',
      'whsec_',
      'plJ3nmyCDGBKInavdOK15jsl',
      'whsec_not base64!',
      'whsec_abc',
      'sk_plJ3nmyCDGBKInavdOK15jsl',
    ])
      expect(secretKey(bad)).toBeNull();
  });

  it('signs so that the standardwebhooks package verifies with the whsec_ secret unchanged', () => {
    const secret = generateEndpointSecret();
    const headers = endpointDeliveryHeaders('msg_1', body, [secret], new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(generateEndpointSecret()).verify(body, headers)).toThrow();
  });

  it('carries one signature per secret during a rotation, each verifying alone', () => {
    const [current, previous] = [generateEndpointSecret(), generateEndpointSecret()];
    const headers = endpointDeliveryHeaders('msg_2', body, [current, previous], new Date());
    expect(headers['webhook-signature'].split(' ')).toEqual([
      expect.stringMatching(/^v1,/),
      expect.stringMatching(/^v1,/),
    ]);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
