import { openPeerStore, peerExpected, toPeerEvent } from '../peer';
import type { Task, TaskResult } from '../tasks';
import { seed } from './seed';

export async function seedPeer(task: Extract<Task, { kind: 'seed' }>): Promise<TaskResult> {
  const peer = await openPeerStore(task.url, task.writers);
  try {
    return await seed(task, (streamId, events) =>
      peer.store.appendToStream(streamId, events.map(toPeerEvent), { expectedStreamVersion: peerExpected(0) }),
    );
  } finally {
    await peer.close();
  }
}
