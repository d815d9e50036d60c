import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { conversationDecider } from '../../../domain/conversation/decider';
import { conversationStream } from '../../../domain/conversation/events';
import { handleCommand } from '../../../infrastructure/command-handler';
import { loadConfig } from '../../../infrastructure/config';
import { openDatabase } from '../../../infrastructure/database/database';
import { comparePositions, type Position } from '../../../infrastructure/event-store/event-store';
import { openEventStore } from '../../../infrastructure/event-store/open-event-store';
import { derivedUuid, randomIds } from '../../../infrastructure/ids';
import { loadSecrets } from '../../../infrastructure/secrets';
import { waitForProjections } from '../../../projections/projection-status';
import { createUser, type TestUser } from '../../../tests/support/users';
import type { Task, TaskResult } from '../tasks';
import { startServer } from './http-bids';

type MessageDeliveryTask = Extract<Task, { kind: 'message-delivery' }>;
/** Idle users are created this many at a time (password hashing runs on the thread pool). */
const IDLE_USERS_AT_ONCE = 8;

/**
 * Message delivery latency (docs/messages.md "Live delivery"): the product's server in its own process, `pairs`
 * conversations (a customer and a provider each) whose users keep `tabs` live streams open each, and other
 * signed-in users holding the rest of the `connections` open streams, one each. In each round every provider sends
 * one message over HTTP at once; a delivery is timed from the start of the send request to the event's arrival on
 * each of the customer's open streams. So the figure holds the command, the projection's batch, NOTIFY, the API's
 * fan-out and the client's read, with `connections` streams open.
 */
export async function messageDelivery(task: MessageDeliveryTask): Promise<TaskResult> {
  const server = await startServer(task.url, task.cpuProfileDir);
  const handle = await openDatabase({ url: task.url, maxConnections: 4 });
  const streams: http.ClientRequest[] = [];
  try {
    const store = await openEventStore(loadConfig({ NODE_ENV: 'production' }), handle.db);
    const secrets = await loadSecrets(handle.db);
    let position: Position | null = null;
    const later = (p: Position | null) => {
      if (p && (!position || comparePositions(p, position) > 0)) position = p;
    };
    const pairs: { customer: TestUser; provider: TestUser; conversationId: string }[] = [];
    for (let i = 0; i < task.pairs; i++) {
      const customer = await createUser({ store, secrets }, { userType: 'customer' });
      const provider = await createUser({ store, secrets }, { userType: 'fsp' });
      later(customer.position);
      later(provider.position);
      // The conversation straight through its decider (the bench measures delivery, not the post's rules).
      const postId = derivedUuid('bench-post', String(i), String(Date.now()));
      const conversationId = derivedUuid('conversation', postId, provider.id);
      const started = await handleCommand({
        store,
        ids: randomIds,
        streamId: conversationStream(conversationId),
        decider: conversationDecider,
        command: {
          type: 'StartConversation',
          data: { conversation_id: conversationId, post_id: postId, customer_id: customer.id, provider_id: provider.id, facts: { chat_enabled: true, post_status: 'active', provider_may_initiate: true, provider_bid_on_post: true } },
          metadata: { actor: { user_id: provider.id, user_type: 'fsp' }, now: new Date().toISOString() },
        },
        context: { userId: provider.id, correlationId: 'bench', causationId: null, now: new Date() },
      });
      if (!started.ok) throw new Error(started.error.message);
      later(started.position);
      pairs.push({ customer, provider, conversationId });
    }
    if (position && !(await waitForProjections(handle.db, ['users', 'messages'], position, { timeoutMs: 120_000 }))) throw new Error('the read models did not catch up');

    // Arrivals: conversation id + seq → the times it reached each of the customer's streams.
    const arrivals = new Map<string, number[]>();
    const waiters = new Map<string, () => void>();
    const perUser = task.tabs;
    const users = pairs.flatMap((p) => [p.customer, p.provider]);
    // The other open connections: signed-in customers with one tab each, in no conversation of the run.
    const idle: TestUser[] = [];
    const idleCount = Math.max(0, task.connections - users.length * perUser);
    for (let i = 0; i < idleCount; i += IDLE_USERS_AT_ONCE) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(IDLE_USERS_AT_ONCE, idleCount - i) }, () => createUser({ store, secrets }, { userType: 'customer' })),
      );
      for (const user of batch) later(user.position);
      idle.push(...batch);
    }
    if (position && !(await waitForProjections(handle.db, ['users'], position, { timeoutMs: 120_000 }))) throw new Error('the users read model did not catch up');
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const readies: Promise<void>[] = [];
    const tabs = [...users.flatMap((user) => Array.from({ length: perUser }, () => user)), ...idle];
    for (const user of tabs) {
      readies.push(
        new Promise<void>((resolve, reject) => {
          const request = http.get(`${server.url}/v1/messages/live`, { agent, headers: user.headers }, (response) => {
            if (response.statusCode !== 200) return reject(new Error(`live stream answered ${response.statusCode}`));
            response.setEncoding('utf8');
            let buffer = '';
            response.on('data', (chunk: string) => {
              buffer += chunk;
              let cut: number;
              while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                if (block.startsWith('event: ready')) resolve();
                if (!block.startsWith('event: message') || user.userType !== 'customer') continue;
                const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { conversation_id: string; seq: number };
                const key = `${data.conversation_id}/${data.seq}`;
                const list = arrivals.get(key) ?? [];
                list.push(performance.now());
                arrivals.set(key, list);
                if (list.length === perUser) waiters.get(key)?.();
              }
            });
          });
          request.on('error', reject);
          streams.push(request);
        }),
      );
    }
    await Promise.all(readies);
    const open = streams.length;

    const samples: number[] = [];
    const rounds = Math.max(1, Math.ceil(task.messages / task.pairs));
    const sendAgent = new http.Agent({ keepAlive: true, maxSockets: task.pairs });
    let failures = 0;
    const started = performance.now();
    for (let round = 1; round <= rounds + task.warmupRounds; round++) {
      await Promise.all(
        pairs.map(async (pair) => {
          const key = `${pair.conversationId}/${round}`;
          const delivered = new Promise<void>((resolve) => waiters.set(key, resolve));
          const sentAt = performance.now();
          const status = await send(sendAgent, server.url, pair.provider, pair.conversationId, `Round ${round}`);
          if (status !== 201) failures++;
          await Promise.race([delivered, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          waiters.delete(key);
          if (round > task.warmupRounds) for (const at of arrivals.get(key) ?? []) samples.push(at - sentAt);
          const missing = perUser - (arrivals.get(key)?.length ?? 0);
          if (missing > 0 && round > task.warmupRounds) failures += missing;
        }),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    sendAgent.destroy();
    const summary = summarise(samples);
    return {
      operations: rounds * task.pairs,
      events: samples.length,
      seconds,
      latency: summary,
      failures,
      notes: [
        `message delivery: ${open} open live streams (${users.length} users of the conversations × ${perUser}, ${idle.length} other users × 1), ${task.pairs} conversations, ${rounds} timed rounds ` +
          `(+${task.warmupRounds} warm-up) of one message per conversation at once; ${samples.length} deliveries timed, ${failures} missing or failed`,
      ],
    };
  } finally {
    for (const request of streams) request.destroy();
    await handle.close();
    await server.stop();
  }
}

function send(agent: http.Agent, base: string, user: TestUser, conversationId: string, message: string): Promise<number> {
  const payload = JSON.stringify({ message });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/v1/conversations/${conversationId}/messages`,
      { method: 'POST', agent, headers: { ...user.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}
