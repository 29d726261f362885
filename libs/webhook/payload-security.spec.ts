import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  buildDeliveryBody,
  deliveryHeaders,
  EncryptedBody,
  encodePayload,
  encryptPayload,
  parseRsaPublicKey,
  signWebhook,
} from './payload-security';

describe('webhook payload security', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const bareBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const pkcs1Pem = publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const pkcs1Base64 = publicKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
  const payload = { event: 'comment.add', text: 'héllo', nested: { n: 1 } };

  function decrypt(body: EncryptedBody): unknown {
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.encryptedKey, 'base64'),
    );
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(body.iv, 'base64'));
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(body.encryptedData, 'base64')), decipher.final()]).toString('utf8'),
    );
  }

  it.each([
    ['PEM SPKI', () => pem],
    ['bare base64 SPKI', () => bareBase64],
    ['PEM PKCS#1', () => pkcs1Pem],
    ['bare base64 PKCS#1', () => pkcs1Base64],
    ['bare base64 PKCS#1 wrapped at 64 columns', () => pkcs1Base64.replace(/(.{64})/g, '$1\n')],
  ])('parses an RSA public key given as %s, and encrypts with it for the private key', (_form, text) => {
    const key = parseRsaPublicKey(text());
    expect(key?.asymmetricKeyType).toBe('rsa');
    expect(key?.export({ type: 'spki', format: 'pem' })).toEqual(pem);
    expect(decrypt(encryptPayload(payload, key!))).toEqual(payload);
  });

  it('parses nothing but RSA public keys', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const ecBase64 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of ['', 'not a key', 'AAAA', ec, ecBase64, privatePem]) expect(parseRsaPublicKey(bad)).toBeNull();
  });

  it('encrypts with AES-256-CBC and an RSA-OAEP SHA-256 wrapped key that the private key opens', () => {
    const body = encryptPayload(payload, parseRsaPublicKey(bareBase64)!);
    expect(Buffer.from(body.iv, 'base64')).toHaveLength(16);
    expect(decrypt(body)).toEqual(payload);
  });

  it('encodes as base64 JSON', () => {
    const { encodedPayload } = encodePayload(payload);
    expect(JSON.parse(Buffer.from(encodedPayload, 'base64').toString('utf8'))).toEqual(payload);
  });

  it('lets encryption win over encoding', () => {
    const key = parseRsaPublicKey(pem);
    const both = JSON.parse(
      buildDeliveryBody(payload, { encodeData: true, encryptData: true, publicKey: key }),
    ) as EncryptedBody;
    expect(Object.keys(both).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    expect(decrypt(both)).toEqual(payload);
    expect(JSON.parse(buildDeliveryBody(payload, { encodeData: true, encryptData: false, publicKey: key }))).toEqual(
      encodePayload(payload),
    );
    expect(JSON.parse(buildDeliveryBody(payload, { encodeData: false, encryptData: false, publicKey: null }))).toEqual(
      payload,
    );
  });

  it('signs so that the standardwebhooks package verifies with secret = base64(authToken)', () => {
    const authToken = 'tok-😀-secret';
    const body = JSON.stringify(payload);
    const headers = deliveryHeaders('msg_1', body, authToken, new Date());
    expect(headers.authorization).toBe(`Basic ${authToken}`);
    const verifier = new Webhook(Buffer.from(authToken, 'utf8').toString('base64'));
    expect(verifier.verify(body, headers)).toEqual(payload);
    expect(() => verifier.verify(`${body} `, headers)).toThrow();
    expect(signWebhook('a', 1, 'b', 'k')).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('omits Authorization and signature without an authToken but keeps the id and timestamp', () => {
    const headers = deliveryHeaders('msg_2', '{}', null, new Date(1_700_000_000_000));
    expect(headers).toMatchObject({ 'webhook-id': 'msg_2', 'webhook-timestamp': '1700000000' });
    expect(headers.authorization).toBeUndefined();
    expect(headers['webhook-signature']).toBeUndefined();
  });
});
