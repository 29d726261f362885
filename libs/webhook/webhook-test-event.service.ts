import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, ErrorCode, newId } from '@app/common';
import { insertDeliveries, NewDelivery } from './delivery-sql';
import { TestDeliveryDto } from './dto/deliveries.dto';
import { WebhookConfig } from './entities/webhook-config.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { WebhookProducer } from './webhook.producer';

/** The event a test delivery carries; no change causes it, and no endpoint filter stops it. */
export const TEST_EVENT = 'webhook.test';

/**
 * A test event to one advanced endpoint, or to the basic configuration's URLs: delivery rows like any
 * others (signed, retried, logged with their attempts), written and enqueued at once.
 */
@Injectable()
export class WebhookTestEvents {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly producer: WebhookProducer,
  ) {}

  async send(apiKeyId: string, dto: TestDeliveryDto): Promise<{ deliveryIds: string[] }> {
    const eventId = newId();
    const timestamp = Date.now();
    const data = { test: true, message: 'A test event: no change caused it.', timestamp };
    const rows = await this.dataSource.transaction(async (manager) => {
      const deliveries: NewDelivery[] = [];
      const row = (target: NewDelivery['target'], url: string, endpointId: string | null, payload: object) => {
        const id = newId();
        deliveries.push({
          id,
          event_id: eventId,
          organization_id: '',
          document_id: '',
          event: TEST_EVENT,
          target,
          endpoint_id: endpointId,
          url,
          payload: target === 'endpoint' ? { webhookId: id, ...payload } : payload,
          next_attempt_at: new Date(),
        });
      };
      if (dto.endpointId !== undefined) {
        const endpoint = await manager.findOne(WebhookEndpoint, { where: { apiKeyId, id: dto.endpointId } });
        if (!endpoint) throw ApiError.notFound('Endpoint not found.');
        if (endpoint.disabled) throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The endpoint is disabled.');
        row('endpoint', endpoint.url, endpoint.id, { event: TEST_EVENT, actionType: 'test', source: 'test', data });
      } else {
        const config = await manager.findOne(WebhookConfig, { where: { apiKeyId } });
        const service = config?.useWebhookService ? config.serviceConfig : null;
        if (service?.rawNotificationUrl) row('raw', service.rawNotificationUrl, null, { event: TEST_EVENT, ...data });
        if (service?.processedNotificationUrl)
          row('processed', service.processedNotificationUrl, null, { event: TEST_EVENT, ...data });
        if (deliveries.length === 0)
          throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The webhook service is off or has no URL.');
      }
      await insertDeliveries(
        manager,
        apiKeyId,
        [{ id: eventId, organization_id: '', document_id: '', event: TEST_EVENT }],
        deliveries,
      );
      return deliveries;
    });
    const deliveryIds = rows.map((delivery) => delivery.id);
    await this.producer.enqueue(deliveryIds);
    return { deliveryIds };
  }
}
