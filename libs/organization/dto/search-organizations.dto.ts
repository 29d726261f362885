import { PrefixSearchDto } from '@app/common';

export class SearchOrganizationsDto extends PrefixSearchDto {}
