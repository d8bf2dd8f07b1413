/** One event of a Server-Sent Events stream (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface ServerSentEvent {
  type: string;
  data: string;
  /** The `id:` field, when the event carried one. */
  id: string | null;
}

interface Handlers {
  /** A heartbeat (a comment line) or an event: the stream is alive. */
  onAlive: () => void;
  onEvent: (event: ServerSentEvent) => void;
  onRetry: (ms: number) => void;
}

/** Reads a `text/event-stream` body to its end, line by line as the format says. */
export async function readServerSentEvents(body: ReadableStream<Uint8Array>, handlers: Handlers): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let id: string | null = null;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) {
        handlers.onAlive();
        handlers.onEvent({ type: type || 'message', data: data.join('\n'), id });
      }
      type = '';
      data = [];
      id = null;
      return;
    }
    if (text.startsWith(':')) return handlers.onAlive(); // a comment: the heartbeat
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry(Number(value));
  };

  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    // A chunk may end between the `\r` and the `\n` of one line end: that `\r` waits for the next chunk.
    const held = buffer.endsWith('\r') ? '\r' : '';
    const lines = buffer.slice(0, buffer.length - held.length).split(/\r\n|\r|\n/);
    buffer = (lines.pop() ?? '') + held;
    for (const text of lines) line(text);
  }
}
