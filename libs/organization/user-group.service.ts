import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { assertUniqueIds, BatchItem, item } from '@app/common';
import { runStatement } from '@app/database';
import { ensureOrganization } from '@app/resource';
import { AddUserGroupsDto } from './dto/add-user-groups.dto';

@Injectable()
export class UserGroupService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async add(apiKeyId: string, dto: AddUserGroupsDto): Promise<BatchItem[]> {
    const ids = dto.organizationUserGroups.map((group) => group.groupId);
    assertUniqueIds(ids, (i) => `data.organizationUserGroups[${i}].groupId`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, dto.organizationId, { create: dto.createOrganization === true });
      return runStatement<{ id: string }>(
        manager,
        `INSERT INTO organization_user_group (api_key_id, organization_id, id, name)
         SELECT $1, $2, v.id, v.name FROM unnest($3::text[], $4::text[]) AS v(id, name)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          apiKeyId,
          dto.organizationId,
          ids,
          dto.organizationUserGroups.map((group) => group.groupName ?? group.groupId),
        ],
      );
    });
    const added = new Set(rows.map((row) => row.id));
    return ids.map((id) =>
      added.has(id) ? item(id, true, 'User group added.') : item(id, false, 'User group already exists.'),
    );
  }
}
