import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, describeDeliveryError, retryDelayMs } from './retry';

describe('retry delays', () => {
  it('double from one second and stop growing at an hour', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelayMs(12)).toBe(2048 * 1000);
    expect(retryDelayMs(13)).toBe(60 * 60 * 1000);
    expect(retryDelayMs(10_000)).toBe(60 * 60 * 1000);
  });

  it('give up after about eight hours with the defaults', () => {
    let total = 0;
    for (let attempt = 1; attempt < defaultRetryPolicy.maxAttempts; attempt++) total += retryDelayMs(attempt);
    expect(total / 3_600_000).toBeGreaterThan(7);
    expect(total / 3_600_000).toBeLessThan(10);
  });
});

describe('a delivery error as it is kept', () => {
  it('keeps the code, the SMTP reply and the command, without addresses', () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <jane@example.com>: User unknown"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.1 <jane@example.com>: User unknown',
    });
    const described = describeDeliveryError(error, 'jane@example.com');
    expect(described).toBe('EENVELOPE SMTP 550 on RCPT: 550 5.1.1 <[recipient]>: User unknown');
  });

  it('replaces any address and long number, and stays short', () => {
    const described = describeDeliveryError({ code: 'EMESSAGE', response: `451 ${'x'.repeat(400)} other@example.org +61 412 345 678` }, null);
    expect(described.length).toBeLessThanOrEqual(300);
    expect(describeDeliveryError({ message: 'rejected other@example.org, call +61 412 345 678' }, null)).toBe('rejected [address], call [number]');
    expect(describeDeliveryError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:2525' }, null)).toBe(
      'ECONNECTION: connect ECONNREFUSED 127.0.0.1:2525',
    );
    expect(describeDeliveryError('a string', null)).toBe('Unknown error');
  });
});
