/**
 * A stand-in for the browser's WebSocket, the live socket's boundary with the network. Tests install
 * it with `vi.stubGlobal("WebSocket", FakeWebSocket)` and play the server's side through its methods.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket opened since the last `reset()`, oldest first. */
  static instances: FakeWebSocket[] = [];

  static reset() {
    FakeWebSocket.instances = [];
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error("No socket was opened");
    return socket;
  }

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** What the app sent, parsed. */
  readonly sent: unknown[] = [];
  /** Set when the app closed the socket itself. */
  closedByClient: { code: number | undefined; reason: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error("InvalidStateError: the socket is not open");
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string) {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = { code, reason };
    this.finish(code ?? 1005, reason ?? "");
  }

  // The server's side.

  /** The upgrade succeeded. */
  accept() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  /** The server sends a frame: an object is sent as JSON, a string as it is. */
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }

  /** The connection ends without the app asking: a refused upgrade (1006) or a server close. */
  drop(code = 1006, reason = "") {
    this.onerror?.(new Event("error"));
    this.finish(code, reason);
  }

  get isOpen() {
    return this.readyState === FakeWebSocket.OPEN;
  }

  private finish(code: number, reason: string) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: code !== 1006 });
  }
}
