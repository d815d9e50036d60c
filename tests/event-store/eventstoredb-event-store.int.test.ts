import { describe } from 'vitest';
import { EventStoreDbEventStore } from '../../infrastructure/event-store/eventstoredb-event-store';
import { eventStoreContract } from './event-store-contract';

const eventStoreUrl = process.env.EVENTSTORE_URL || undefined;

// Runs where EVENTSTORE_URL names an EventStoreDB (22.6 or later), e.g. esdb://127.0.0.1:2113?tls=false. The
// server may be shared: the contract only looks at the streams it creates.
describe.runIf(eventStoreUrl)('on EventStoreDB', () => {
  eventStoreContract('EventStoreDB adapter', async () => {
    const store = EventStoreDbEventStore.connect(eventStoreUrl!);
    return { store, close: () => store.close() };
  });
});
