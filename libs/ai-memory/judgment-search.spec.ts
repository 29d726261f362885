import { judgmentFilterSql, resolveScope } from './judgment-search';

describe('memory read scope and filters', () => {
  it('applies documentId only with an organization, and folds aliases', () => {
    expect(resolveScope({ documentId: 'd' })).toEqual({ scope: 'apiKey', organizationId: null, documentId: null });
    expect(resolveScope({ orgId: 'o', docId: 'd' })).toEqual({
      scope: 'document',
      organizationId: 'o',
      documentId: 'd',
    });
    expect(resolveScope({ organizationId: 'o', documentId: 'd', scope: 'organization' }).documentId).toBeNull();
  });

  it('refuses scopes without their ids, and a thread without its organization', () => {
    expect(() => resolveScope({ scope: 'organization' })).toThrow('data.scope organization requires organizationId.');
    expect(() => resolveScope({ organizationId: 'o', scope: 'document' })).toThrow(
      'requires organizationId and documentId',
    );
    expect(() => resolveScope({ filters: { annotationId: 'a' } })).toThrow(
      'data.filters.annotationId requires organizationId.',
    );
  });

  it('checks date ranges and takes whole UTC days for recency', () => {
    const scope = resolveScope({});
    expect(() => judgmentFilterSql(scope, { dateRange: { start: 10, end: 5 } }, undefined, 1)).toThrow(
      'must not be after',
    );
    expect(() => judgmentFilterSql(scope, { dateRange: { start: 'soon' } }, undefined, 1)).toThrow('ISO-8601');
    const { params } = judgmentFilterSql(scope, { dateRange: { start: '2026-01-01T00:00:00Z' } }, 2, 1);
    const [start, end] = params.slice(7) as number[];
    expect(end + 1 - start).toBe(2 * 86_400_000);
    expect((end + 1) % 86_400_000).toBe(0);
  });
});
