import { DomainEvent, EVENT_TRIGGER_NAMES } from '@app/events';
import {
  ADVANCED_EVENT_TYPES,
  ATTEMPT_EXHAUSTED,
  advancedEnvelope,
  endpointTakes,
  eventTypeOf,
  INERT_EVENT_TYPE_NAMES,
} from './advanced-event-types';

describe('advanced webhook event types', () => {
  it('delivers every trigger the service emits under a Velt event type of the one table', () => {
    for (const trigger of EVENT_TRIGGER_NAMES) {
      expect(ADVANCED_EVENT_TYPES[eventTypeOf(trigger)]).toBe(trigger);
    }
    expect(ADVANCED_EVENT_TYPES[ATTEMPT_EXHAUSTED]).toBe(ATTEMPT_EXHAUSTED);
  });

  it("accepts Velt's names of features not served, which never fire", () => {
    expect(INERT_EVENT_TYPE_NAMES).toEqual(
      expect.arrayContaining(['huddle.create', 'recorder.done', 'comment_annotation.suggestion_accept']),
    );
    expect(INERT_EVENT_TYPE_NAMES).not.toContain('comment.add');
    expect(INERT_EVENT_TYPE_NAMES).not.toContain('crdt.update_data');
  });

  it('filters by event type; no filter takes everything', () => {
    expect(endpointTakes(null, 'comment.add')).toBe(true);
    expect(endpointTakes(null, ATTEMPT_EXHAUSTED)).toBe(true);
    expect(endpointTakes(['comment.add'], 'comment.add')).toBe(true);
    expect(endpointTakes(['comment.add'], 'comment.update')).toBe(false);
  });

  it("wraps the raw payload in Velt's envelope: event, actionType, source, data", () => {
    const event = {
      trigger: 'document.migrated',
      apiKeyId: 'key-1',
      occurredAt: new Date('2026-11-22T10:00:00Z'),
      organizationId: 'org-1',
      documentId: 'doc-1',
      newDocumentId: 'doc-2',
      migrationId: 'm1',
    } as DomainEvent;
    expect(advancedEnvelope(event)).toEqual({
      event: 'document.migrated',
      actionType: 'migrated',
      source: 'document',
      data: {
        organizationId: 'org-1',
        documentId: 'doc-1',
        newDocumentId: 'doc-2',
        migrationId: 'm1',
        metadata: { apiKey: 'key-1', organizationId: 'org-1', documentId: 'doc-1' },
        timestamp: Date.parse('2026-11-22T10:00:00Z'),
      },
    });
  });
});
