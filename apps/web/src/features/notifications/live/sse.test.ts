import { describe, expect, it, vi } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './sse';

function bodyOf(chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

describe('reading a live stream', () => {
  it('parses events across chunk boundaries and line ends, and reports heartbeats', async () => {
    const events: ServerSentEvent[] = [];
    const onAlive = vi.fn();
    const onRetry = vi.fn();
    await readServerSentEvents(
      bodyOf([
        'retry: 3000\n\n',
        ': heart',
        'beat\n\n',
        'id: 7.8\r',
        '\nevent: notification\r\ndata: {"a"',
        ':1}\r\n\r\n',
      ]),
      { onAlive, onRetry, onEvent: (event) => events.push(event) },
    );
    expect(onRetry).toHaveBeenCalledWith(3000);
    expect(events).toEqual([{ type: 'notification', data: '{"a":1}', id: '7.8' }]);
    expect(onAlive).toHaveBeenCalledTimes(2); // the heartbeat, then the event
  });
});
