import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ApiError,
  AppConfig,
  decryptSecret,
  encryptSecret,
  ErrorCode,
  isRefusedTarget,
  KeysetPager,
  keysetListing,
  newId,
} from '@app/common';
import { postgresErrorCode, UNIQUE_VIOLATION } from '@app/database';
import { requireAdvancedWebhooks } from './advanced-webhook-config.service';
import { CreateEndpointDto, ListEndpointsDto, UpdateEndpointDto } from './dto/advanced-webhook.dto';
import { generateEndpointSecret } from './endpoint-secret';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { WebhookSinkSettings } from './webhook-sink-settings';

/** How long the secret before a rotation keeps signing, so receivers can switch without losing deliveries. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** An endpoint as Velt returns it (unset optional fields as explicit nulls). */
export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata: Record<string, string> | null;
  createdAt: string;
  updatedAt: string;
}

export interface EndpointPage {
  endpoints: EndpointView[];
  iterator: string | null;
  prevIterator: null;
  done: boolean;
}

/** Velt's message for an endpoint its provider does not know. */
const NO_SUCH_ENDPOINT = 'Advanced webhook provider request failed.';
const ENDPOINT_LISTING = keysetListing('advanced webhook endpoints', ['bigint'], (row: WebhookEndpoint) => [row.seq]);
const UPDATABLE = ['url', 'description', 'filterTypes', 'channels', 'disabled', 'rateLimit', 'metadata'] as const;

function view(row: WebhookEndpoint): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    filterTypes: row.filterTypes,
    channels: row.channels,
    disabled: row.disabled,
    rateLimit: row.rateLimit,
    uid: row.uid,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Advanced webhook endpoints of an API key: many per key, each with its URL, filter, rate limit and secret. */
@Injectable()
export class WebhookEndpointService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly settings: WebhookSinkSettings,
  ) {}

  async create(apiKeyId: string, dto: CreateEndpointDto): Promise<EndpointView> {
    await this.refusePrivateTarget(dto.url);
    try {
      const created = await this.dataSource.transaction(async (manager) => {
        await requireAdvancedWebhooks(manager, apiKeyId);
        const id = `ep_${newId(27)}`;
        await manager.insert(WebhookEndpoint, {
          id,
          apiKeyId,
          url: new URL(dto.url).toString(),
          description: dto.description ?? null,
          filterTypes: dto.filterTypes ? [...new Set(dto.filterTypes)] : null,
          channels: dto.channels ? [...new Set(dto.channels)] : null,
          disabled: dto.disabled ?? false,
          rateLimit: dto.rateLimit ?? null,
          uid: dto.uid ?? null,
          metadata: dto.metadata ?? null,
          secretCiphertext: encryptSecret(generateEndpointSecret(), this.config.encryptionKey),
        });
        return view(await manager.findOneOrFail(WebhookEndpoint, { where: { apiKeyId, id } }));
      });
      this.settings.forget(apiKeyId);
      return created;
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION)
        throw new ApiError(ErrorCode.ALREADY_EXISTS, 'An endpoint with this uid already exists.');
      throw error;
    }
  }

  /** Creation order; `iterator` is the keyset token of the next page, null on the last one. */
  async list(apiKeyId: string, dto: ListEndpointsDto): Promise<EndpointPage> {
    const pager = this.pager(apiKeyId, dto);
    return this.dataSource.transaction(async (manager) => {
      await requireAdvancedWebhooks(manager, apiKeyId);
      const query = manager
        .getRepository(WebhookEndpoint)
        .createQueryBuilder('e')
        .where('e.apiKeyId = :apiKeyId', { apiKeyId })
        .orderBy('e.seq', 'ASC')
        .take(pager.limit);
      if (pager.after) query.andWhere('e.seq > :after', { after: pager.after[0] });
      const page = pager.page(await query.getMany());
      return {
        endpoints: page.rows.map(view),
        iterator: page.nextToken ?? null,
        prevIterator: null,
        done: page.nextToken === undefined,
      };
    });
  }

  /** Velt's partial update: only the fields sent change. */
  async update(apiKeyId: string, dto: UpdateEndpointDto): Promise<EndpointView> {
    const changes: Partial<WebhookEndpoint> = {};
    for (const field of UPDATABLE) {
      const value = dto[field];
      if (value !== undefined) Object.assign(changes, { [field]: value });
    }
    if (Object.keys(changes).length === 0)
      throw ApiError.invalid('At least one endpoint field besides endpointId must be provided.');
    if (changes.url) {
      await this.refusePrivateTarget(changes.url);
      changes.url = new URL(changes.url).toString();
    }
    if (changes.filterTypes) changes.filterTypes = [...new Set(changes.filterTypes)];
    if (changes.channels) changes.channels = [...new Set(changes.channels)];
    const updated = await this.dataSource.transaction(async (manager) => {
      await this.lockEndpoint(manager, apiKeyId, dto.endpointId);
      await manager.update(WebhookEndpoint, { apiKeyId, id: dto.endpointId }, changes);
      return view(await manager.findOneOrFail(WebhookEndpoint, { where: { apiKeyId, id: dto.endpointId } }));
    });
    this.settings.forget(apiKeyId);
    return updated;
  }

  /** Velt: deletion is permanent and stops deliveries at once; pending ones are cancelled in the same transaction. */
  async delete(apiKeyId: string, endpointId: string): Promise<{ endpointId: string; deleted: true }> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockEndpoint(manager, apiKeyId, endpointId);
      await manager.update(
        WebhookDelivery,
        { apiKeyId, endpointId, status: 'pending' },
        { status: 'cancelled', lastError: 'Endpoint deleted.', nextAttemptAt: null },
      );
      await manager.delete(WebhookEndpoint, { apiKeyId, id: endpointId });
    });
    this.settings.forget(apiKeyId);
    return { endpointId, deleted: true };
  }

  async secret(apiKeyId: string, endpointId: string): Promise<{ endpointId: string; secret: string }> {
    const endpoint = await this.dataSource.transaction((manager) => this.lockEndpoint(manager, apiKeyId, endpointId));
    return { endpointId, secret: decryptSecret(endpoint.secretCiphertext, this.config.encryptionKey) };
  }

  /**
   * Our extension (Svix's rotate): a new secret signs from now on, and the current one keeps signing
   * beside it for ROTATION_OVERLAP_MS, so deliveries in between verify with either.
   */
  async rotate(
    apiKeyId: string,
    endpointId: string,
  ): Promise<{ endpointId: string; secret: string; previousSecretExpiresAt: string }> {
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await this.lockEndpoint(manager, apiKeyId, endpointId);
      const secret = generateEndpointSecret();
      const previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
      await manager.update(
        WebhookEndpoint,
        { apiKeyId, id: endpointId },
        {
          secretCiphertext: encryptSecret(secret, this.config.encryptionKey),
          previousSecretCiphertext: endpoint.secretCiphertext,
          previousSecretExpiresAt,
        },
      );
      return { endpointId, secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
    });
  }

  private async lockEndpoint(manager: EntityManager, apiKeyId: string, endpointId: string): Promise<WebhookEndpoint> {
    await requireAdvancedWebhooks(manager, apiKeyId);
    const endpoint = await manager.findOne(WebhookEndpoint, {
      where: { apiKeyId, id: endpointId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!endpoint) throw ApiError.notFound(NO_SUCH_ENDPOINT);
    return endpoint;
  }

  private pager(apiKeyId: string, dto: ListEndpointsDto) {
    try {
      return new KeysetPager(
        ENDPOINT_LISTING,
        { pageSize: dto.limit, pageToken: dto.iterator },
        { apiKeyId, filters: null },
        this.config.pageTokenKey,
      );
    } catch (error) {
      // The pager's only refusal is of the token, which Velt calls `iterator`.
      if (error instanceof ApiError && error.code === ErrorCode.INVALID_ARGUMENT)
        throw ApiError.invalid('Invalid iterator.');
      throw error;
    }
  }

  /** SSRF guard at config time, as for the basic webhook URLs; the worker vets every attempt again. */
  private async refusePrivateTarget(url: string): Promise<void> {
    if (this.config.webhookAllowPrivateNetworks) return;
    if (await isRefusedTarget(new URL(url))) throw ApiError.invalid('data.url resolves to a private address.');
  }
}
