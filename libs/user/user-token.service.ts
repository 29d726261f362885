import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, decryptSecret, encryptSecret, isIdentifier, SharedLoads, TtlCache } from '@app/common';
import { UsageCounters } from '@app/usage';
import { UserTokenSecret } from './entities/user-token-secret.entity';
import { PermissionDecision, signPermissions, verifyPermissions } from './permission-signature';

/** An end user as vouched for by an API key holder (docs/architecture.md "Tenancy and access"). */
export interface EndUser {
  apiKeyId: string;
  userId: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** HS256 end-user tokens, each API key signing with its own random secret. */
@Injectable()
export class UserTokenService {
  /** Decrypted secrets by API key: they never change once created. */
  private readonly secrets = new Map<string, Uint8Array>();
  private readonly secretLoads = new SharedLoads<Uint8Array | null>();
  /**
   * Verified tokens, as API credentials are cached (AUTH_CACHE_TTL_MS): a reconnecting socket or a
   * second document's connection skips the signature check. The secret never changes, and a hit is
   * still refused once the token has expired.
   */
  private readonly verified: TtlCache<{ user: EndUser; expiresAt: number }>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly usage: UsageCounters,
  ) {
    this.verified = new TtlCache(config.authCacheTtlMs);
  }

  async issue(user: EndUser): Promise<string> {
    const secret = await this.secretFor(user.apiKeyId, true);
    return new SignJWT({
      userId: user.userId,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      apiKey: user.apiKeyId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.config.userTokenLifetimeSeconds}s`)
      .sign(secret!);
  }

  /** The token's user, if it was signed by this API key, has not expired and names this key. */
  async verify(apiKeyId: string, token: string): Promise<EndUser> {
    return (await this.checked(apiKeyId, token)).user;
  }

  /**
   * verify, plus when the token expires (epoch ms): what a connection (a socket, a CRDT sync connection)
   * holds it to. The user counts as active (monthly active users: docs/console.md "Screens").
   */
  async verifyWithExpiry(apiKeyId: string, token: string): Promise<{ user: EndUser; expiresAt: number }> {
    const verified = await this.checked(apiKeyId, token);
    this.usage.connected(apiKeyId, verified.user.userId);
    return verified;
  }

  private async checked(apiKeyId: string, token: string): Promise<{ user: EndUser; expiresAt: number }> {
    const cacheKey = `${apiKeyId}:${createHash('sha256').update(token).digest('base64')}`;
    const cached = this.verified.get(cacheKey);
    if (cached) {
      // jose's rule: a token is expired from its `exp` second on.
      if (cached.expiresAt <= Math.floor(Date.now() / 1000) * 1000)
        throw ApiError.unauthenticated('Invalid or expired token.');
      return cached;
    }
    const verified = await this.verifySignature(apiKeyId, token);
    this.verified.set(cacheKey, verified);
    return verified;
  }

  private async verifySignature(apiKeyId: string, token: string): Promise<{ user: EndUser; expiresAt: number }> {
    const secret = await this.secretFor(apiKeyId, false);
    if (!secret) throw ApiError.unauthenticated('Invalid token.');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
    } catch {
      throw ApiError.unauthenticated('Invalid or expired token.');
    }
    if (payload.apiKey !== apiKeyId || !isIdentifier(payload.userId) || typeof payload.exp !== 'number')
      throw ApiError.unauthenticated('Invalid token.');
    const user = {
      apiKeyId,
      userId: payload.userId,
      name: typeof payload.name === 'string' ? payload.name : '',
      email: typeof payload.email === 'string' ? payload.email : '',
      isAdmin: payload.isAdmin === true,
    };
    return { user, expiresAt: payload.exp * 1000 };
  }

  /** `/v2/auth/generate_signature`: the decisions signed with this API key's permission signing key. */
  async signPermissions(apiKeyId: string, permissions: readonly PermissionDecision[]): Promise<string> {
    return signPermissions(await this.permissionKeyFor(apiKeyId), permissions);
  }

  async verifyPermissions(
    apiKeyId: string,
    permissions: readonly PermissionDecision[],
    signature: string,
  ): Promise<boolean> {
    return verifyPermissions(await this.permissionKeyFor(apiKeyId), permissions, signature);
  }

  /** Derived from the token secret with HKDF, so a permission signature can never pass as a token signature or the other way round. */
  private async permissionKeyFor(apiKeyId: string): Promise<Buffer> {
    const secret = await this.secretFor(apiKeyId, true);
    return Buffer.from(hkdfSync('sha256', secret!, apiKeyId, 'permission-provider-signature', 32));
  }

  private async secretFor(apiKeyId: string, create: boolean): Promise<Uint8Array | null> {
    const cached = this.secrets.get(apiKeyId);
    if (cached) return cached;
    // Keyed by `create` too: a lookup that may find no secret must not answer one that has to make it.
    return this.secretLoads.run(`${apiKeyId}:${create}`, () => this.loadSecret(apiKeyId, create));
  }

  private async loadSecret(apiKeyId: string, create: boolean): Promise<Uint8Array | null> {
    const repository = this.dataSource.getRepository(UserTokenSecret);
    if (create) {
      // Concurrent first uses race here: ON CONFLICT keeps whichever secret landed first.
      const sealed = encryptSecret(randomBytes(32).toString('base64url'), this.config.encryptionKey);
      await repository
        .createQueryBuilder()
        .insert()
        .values({ apiKeyId, secretCiphertext: sealed })
        .orIgnore()
        .execute();
    }
    const row = await repository.findOne({ where: { apiKeyId } });
    if (!row) return null;
    const secret = Buffer.from(decryptSecret(row.secretCiphertext, this.config.encryptionKey), 'base64url');
    this.secrets.set(apiKeyId, secret);
    return secret;
  }
}
