import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { Describe, IsJsonValue, NestedArray, NoEffect } from '@app/common';
import { EDGE_ROLES, MAX_SLA_MS, NODE_TYPES, QUORUM_POLICIES } from '../graph';

/** A bare node id, `{ kind: "node", nodeId }` or `{ kind: "group", groupId }`. */
function IsEdgeEndpoint(): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name: 'isEdgeEndpoint',
      target: target.constructor,
      propertyName: propertyKey as string,
      validator: {
        validate: (value: unknown) => {
          const id = (text: unknown) => typeof text === 'string' && text.length >= 1 && text.length <= 64;
          if (typeof value === 'string') return id(value);
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
          const record = value as Record<string, unknown>;
          const keys = Object.keys(record)
            .sort((a, b) => a.localeCompare(b))
            .join(',');
          if (record.kind === 'node') return keys === 'kind,nodeId' && id(record.nodeId);
          if (record.kind === 'group') return keys === 'groupId,kind' && id(record.groupId);
          return false;
        },
        defaultMessage: () =>
          `${String(propertyKey)} must be a node id, { kind: "node", nodeId } or { kind: "group", groupId }`,
      },
    });
}

export class ScopeDto {
  @IsIn(['apiKey', 'organization', 'document'])
  level: 'apiKey' | 'organization' | 'document';

  @IsOptional()
  @IsString()
  @Length(1, 256)
  organizationId?: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  documentId?: string;
}

export class NodeDto {
  @IsString()
  @Length(1, 64)
  nodeId: string;

  @IsIn(NODE_TYPES)
  type: (typeof NODE_TYPES)[number];

  @Describe("Validated strictly against the node's type: an unknown field is refused.")
  @IsObject()
  @IsJsonValue()
  config: Record<string, unknown>;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SLA_MS)
  slaMs?: number;

  @NoEffect('Velt applies it to sync webhook nodes only; here a sync webhook step with an empty body fails too.')
  @IsOptional()
  @IsBoolean()
  requireNonEmptyOutput?: boolean;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  description?: string;
}

export class LoopDto {
  @IsInt()
  @Min(1)
  @Max(20)
  maxIterations: number;
}

export class EdgeDto {
  @Describe('A node id, { kind: "node", nodeId } or { kind: "group", groupId }.')
  @IsJsonValue()
  @IsEdgeEndpoint()
  from: string | Record<string, string>;

  @Describe('A node id, { kind: "node", nodeId } or { kind: "group", groupId }.')
  @IsJsonValue()
  @IsEdgeEndpoint()
  to: string | Record<string, string>;

  @IsOptional()
  @IsIn(EDGE_ROLES)
  on?: (typeof EDGE_ROLES)[number];

  @IsOptional()
  @IsString()
  @Length(1, 1000)
  when?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => LoopDto)
  loop?: LoopDto;
}

export class GroupDto {
  @IsString()
  @Length(1, 64)
  groupId: string;

  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  memberNodeIds: string[];

  @IsInt()
  @Min(1)
  @Max(500)
  expectedSteps: number;

  @IsInt()
  @Min(1)
  @Max(500)
  quorum: number;

  @IsOptional()
  @IsIn(QUORUM_POLICIES)
  onQuorumMet?: (typeof QUORUM_POLICIES)[number];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  requiredNodeIds?: string[];
}

export class WebhookConfigDto {
  @IsString()
  @Length(1, 2000)
  url: string;

  @IsString()
  @Length(16, 512)
  secret: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  eventTypes?: string[];
}

export class CreateDefinitionDto {
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{2,63}$/)
  definitionId: string;

  @IsString()
  @Length(1, 200)
  name: string;

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  description?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ScopeDto)
  scope?: ScopeDto;

  @NestedArray(() => NodeDto, { maxItems: 100 })
  nodes: NodeDto[];

  @NestedArray(() => EdgeDto, { allowEmpty: true, maxItems: 500 })
  edges: EdgeDto[];

  @NestedArray(() => GroupDto, { optional: true, allowEmpty: true, maxItems: 100 })
  groups?: GroupDto[];

  @Describe('Triggers are not served here: a definition that declares any is refused with FAILED_PRECONDITION.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  @IsJsonValue()
  triggers?: Record<string, unknown>[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookConfigDto)
  webhookConfig?: WebhookConfigDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  tags?: string[];

  @IsOptional()
  @IsObject()
  @IsJsonValue()
  custom?: Record<string, unknown>;

  @Describe('Required when scope.level is organization or document (or set inside scope).')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  organizationId?: string;

  @Describe('Required when scope.level is document (or set inside scope).')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  documentId?: string;
}

export class UpdateDefinitionDto extends CreateDefinitionDto {
  @Describe('Must equal the stored version, else FAILED_PRECONDITION.')
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  ifVersion: number;
}

export class GetDefinitionDto {
  @IsString()
  @Length(1, 64)
  definitionId: string;

  @NoEffect('The lookup is keyed by definitionId alone under the API key, as in Velt.')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  organizationId?: string;

  @NoEffect('The lookup is keyed by definitionId alone under the API key, as in Velt.')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  documentId?: string;
}

export class DeleteDefinitionDto extends GetDefinitionDto {
  @IsOptional()
  @IsBoolean()
  purge?: boolean;
}

export class ListDefinitionsDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize?: number;

  @Describe("The previous page's nextCursor: the last item's updatedAt (epoch ms).")
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  cursor?: number;
}
