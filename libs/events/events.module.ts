import { DynamicModule, Module } from '@nestjs/common';
import { PipelinedTransactions } from '@app/database';
import { EVENT_RECORDERS, EventRecorder, EventSink } from './event-recorder';
import { EventOutbox } from './event-outbox';

/**
 * Global so any domain can inject EventOutbox. Both apps pass it the one sink list (libs/event-sinks);
 * a new sink is a new entry there, and no emitter changes.
 */
@Module({})
export class EventsModule {
  static forRoot(sinks: EventSink[]): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports: sinks.map((sink) => sink.module),
      providers: [
        {
          provide: EVENT_RECORDERS,
          useFactory: (...recorders: EventRecorder[]) => recorders,
          inject: sinks.map((sink) => sink.recorder),
        },
        PipelinedTransactions,
        EventOutbox,
      ],
      exports: [EventOutbox],
    };
  }
}
