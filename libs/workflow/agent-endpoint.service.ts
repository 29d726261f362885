import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, encryptSecret } from '@app/common';
import { UpdateAgentEndpointDto } from './dto/agent-endpoint.dto';
import { WorkflowAgentEndpoint } from './entities/workflow-agent-endpoint.entity';
import { checkOutboundUrl } from './receiver-url';

export const DEFAULT_AGENT_TIMEOUT_MS = 10_000;

export interface AgentEndpointView {
  url: string | null;
  secretSet: boolean;
  timeoutMs: number | null;
}

/** The API key's HTTP agent endpoint (docs/review-workflows.md "Our agent contract"). */
@Injectable()
export class AgentEndpointService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async get(apiKeyId: string): Promise<AgentEndpointView> {
    const row = await this.dataSource.getRepository(WorkflowAgentEndpoint).findOne({ where: { apiKeyId } });
    return row
      ? { url: row.url, secretSet: row.secretCiphertext !== null, timeoutMs: row.timeoutMs }
      : { url: null, secretSet: false, timeoutMs: null };
  }

  async update(apiKeyId: string, dto: UpdateAgentEndpointDto): Promise<AgentEndpointView> {
    const repository = this.dataSource.getRepository(WorkflowAgentEndpoint);
    if (dto.url === null) {
      await repository.delete({ apiKeyId });
      return { url: null, secretSet: false, timeoutMs: null };
    }
    await checkOutboundUrl(dto.url, 'url', this.config.webhookAllowPrivateNetworks);
    const row: WorkflowAgentEndpoint = {
      apiKeyId,
      url: dto.url,
      secretCiphertext: dto.secret ? encryptSecret(dto.secret, this.config.encryptionKey) : null,
      timeoutMs: dto.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS,
      updatedAt: new Date(),
    };
    await repository.upsert(row, ['apiKeyId']);
    return { url: row.url, secretSet: row.secretCiphertext !== null, timeoutMs: row.timeoutMs };
  }
}
