/**
 * A WebSocket double that never touches the network: tests open it, push messages and close it by
 * hand. setup.ts installs it for every test (jsdom's own would try to reach a real server).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  /** Every socket the app created, oldest first. */
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The newest socket. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** The code the app closed with; undefined while it has not closed the socket itself. */
  closedByAppWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  /** The server accepted the handshake. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server pushed a message (objects are sent as JSON, like the server does). */
  receive(data: unknown): void {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: payload }));
  }

  /** The connection dropped, or the handshake was refused (a browser sees both as a close). */
  drop(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** What the app sent, oldest first. */
  readonly sent: string[] = [];

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.closedByAppWith = code;
    this.readyState = FakeWebSocket.CLOSED;
  }
}
