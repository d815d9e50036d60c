import { openPeerStore, peerExpected, toPeerEvent } from '../peer';
import type { Task, TaskResult } from '../tasks';
import { runAppendWorkload } from './append';

export async function appendPeer(task: Extract<Task, { kind: 'append' }>): Promise<TaskResult> {
  const peer = await openPeerStore(task.url, task.writers);
  try {
    return await runAppendWorkload(task, (streamId, events, before) =>
      peer.store.appendToStream(streamId, events.map(toPeerEvent), { expectedStreamVersion: peerExpected(before) }),
    );
  } finally {
    await peer.close();
  }
}
