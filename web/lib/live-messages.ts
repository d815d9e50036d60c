import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveMessageEvent } from '../../contracts/conversation';
import { readTokens, refreshTokens } from './auth-tokens';
import { chatKeys } from './chat';

// The live message stream (docs/messages.md "Live delivery"): `GET /v1/messages/live` read with fetch streaming,
// because EventSource cannot send the Bearer token. Each event (ids only) marks the chat queries stale, so the
// inbox, the counters and an open conversation fetch what changed without a page reload. The stream ends now and
// then (a server restart, every 15 minutes for a current token): it reconnects after a pause, refreshing the token
// when the server says it has expired.

const RECONNECT_MS = 3000;

async function readStream(signal: AbortSignal, onEvent: () => void): Promise<'again' | 'refresh' | 'stop'> {
  const tokens = readTokens();
  if (!tokens) return 'stop';
  const response = await fetch('/v1/messages/live', { headers: { Authorization: `Bearer ${tokens.accessToken}`, Accept: 'text/event-stream' }, signal, credentials: 'same-origin' });
  if (response.status === 401) return 'refresh';
  if (!response.ok || !response.body) return response.status === 403 ? 'stop' : 'again';
  // Anything sent while the stream was down is fetched now.
  onEvent();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'again';
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!data) continue; // a heartbeat or the greeting
      try {
        if (liveMessageEvent.safeParse(JSON.parse(data)).success) onEvent();
      } catch {
        // not an event of ours
      }
    }
  }
}

/** Keeps the stream open while mounted (the private shell's sidebar mounts it once per session). */
export function useLiveMessages(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    void (async () => {
      while (!controller.signal.aborted) {
        let next: 'again' | 'refresh' | 'stop' = 'again';
        try {
          next = await readStream(controller.signal, invalidate);
        } catch {
          next = 'again';
        }
        if (controller.signal.aborted || next === 'stop') return;
        const refreshed = next === 'refresh' ? await refreshTokens() : null;
        if (refreshed === 'refused') return;
        await new Promise((resolve) => setTimeout(resolve, refreshed === 'refreshed' ? 0 : RECONNECT_MS));
      }
    })();
    return () => controller.abort();
  }, [enabled, queryClient]);
}
