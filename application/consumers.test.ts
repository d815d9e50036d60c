import { describe, expect, it } from 'vitest';
import { consumersFor } from './consumers';

// The runner lets a consumer skip a batch without any of its `eventTypes` (one statement instead of a transaction);
// a consumer without them pays a batch transaction for every event of the log (docs/architecture.md).

describe('the product’s consumers', () => {
  it('each name the event types they act on', () => {
    const consumers = consumersFor({ publicUrl: 'https://loans.example.com', secrets: { accessTokenKey: new Uint8Array(32) } });
    expect(consumers.filter((consumer) => !consumer.eventTypes || consumer.eventTypes.size === 0).map((consumer) => consumer.name)).toEqual([]);
  });
});
