// When a failed delivery is tried again (docs/mail.md "Retries"): exponential back-off, 1 s, 2 s, 4 s … capped at
// an hour, and given up after `maxAttempts` (about eight hours with the defaults).

export type RetryPolicy = {
  /** The delay after the first failed attempt; it doubles with every further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts the message is 'failed'. */
  maxAttempts: number;
};

export const defaultRetryPolicy: RetryPolicy = Object.freeze({ baseDelayMs: 1000, maxDelayMs: 60 * 60 * 1000, maxAttempts: 20 });

/** The wait after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number, policy: RetryPolicy = defaultRetryPolicy): number {
  const exponent = Math.max(0, attempts - 1);
  // 2 ** 40 ms is decades: past it the cap applies anyway, and the number stays exact.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 40));
}

/**
 * What is kept of a delivery error: the error code and the SMTP reply, with anything that looks like an address
 * (or the recipient itself) replaced, so `last_error` and the logs never hold personal data or message content.
 */
export function describeDeliveryError(error: unknown, recipient: string | null): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const parts: string[] = [];
  if (typeof e.code === 'string') parts.push(e.code);
  if (typeof e.responseCode === 'number') parts.push(`SMTP ${e.responseCode}`);
  if (typeof e.command === 'string') parts.push(`on ${e.command.split(' ')[0]}`);
  const detail = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : '';
  let text = detail;
  if (recipient) text = text.split(recipient).join('[recipient]');
  text = text
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]')
    .replace(/\+?\d[\d ]{7,}\d/g, '[number]')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  const described = [parts.join(' '), text].filter(Boolean).join(': ');
  return (described || 'Unknown error').slice(0, 300);
}
