import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, decryptSecret } from '@app/common';
import { WebhookConfig } from './entities/webhook-config.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { buildDeliveryBody, deliveryHeaders, parseRsaPublicKey } from './payload-security';
import { DeliveryDecision, decideAfterAttempt } from './retry-policy';
import { WebhookSender } from './webhook-sender';

const MAX_ERROR_LENGTH = 500;

/** One attempt of one delivery, recorded on its row. Used by the worker's processor (and by tests). */
@Injectable()
export class WebhookDeliveryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly sender: WebhookSender,
  ) {}

  /** Null when there is nothing to do: the delivery is gone or already finished (a duplicate job). */
  async attempt(deliveryId: string): Promise<DeliveryDecision | null> {
    const deliveries = this.dataSource.getRepository(WebhookDelivery);
    const delivery = await deliveries.findOne({ where: { id: deliveryId } });
    if (!delivery || delivery.status !== 'pending') return null;
    const settings = await this.dataSource.getRepository(WebhookConfig).findOne({ where: { apiKeyId: delivery.apiKeyId } });
    const service = settings?.serviceConfig;
    const authToken = settings?.authTokenCiphertext ? decryptSecret(settings.authTokenCiphertext, this.config.encryptionKey) : null;
    const body = buildDeliveryBody(delivery.payload, {
      encodeData: service?.encodeData ?? false,
      encryptData: service?.encryptData ?? false,
      publicKey: service?.publicKey ? parseRsaPublicKey(service.publicKey) : null,
    });
    const result = await this.sender.send(delivery.url, deliveryHeaders(delivery.id, body, authToken, new Date()), body);
    const attempts = delivery.attempts + 1;
    const now = new Date();
    const decision = decideAfterAttempt(result, attempts, this.config.webhookRetryScheduleMs, now);
    await deliveries.update(
      { id: deliveryId, status: 'pending' },
      {
        attempts,
        status: decision.outcome === 'retry' ? 'pending' : decision.outcome,
        lastHttpStatus: 'httpStatus' in result ? result.httpStatus : null,
        lastError: 'error' in result ? result.error.slice(0, MAX_ERROR_LENGTH) : null,
        nextAttemptAt: decision.outcome === 'retry' ? new Date(now.getTime() + decision.delayMs) : null,
        deliveredAt: decision.outcome === 'succeeded' ? now : null,
      },
    );
    return decision;
  }
}
