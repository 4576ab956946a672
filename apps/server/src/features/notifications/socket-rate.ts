/** A client sends one ping every SOCKET_PING_MS (30 s): this many messages at once is far beyond any real one. */
export const SOCKET_MESSAGE_BURST = 20;
/** Messages a socket earns back per second once it has spent its burst. */
export const SOCKET_MESSAGES_PER_SECOND = 2;

/**
 * A token bucket for one socket's messages: full at SOCKET_MESSAGE_BURST, refilled at SOCKET_MESSAGES_PER_SECOND.
 * Reads the real monotonic clock, not the app's (tests move that one by hours).
 */
export class MessageBudget {
  private tokens = SOCKET_MESSAGE_BURST;
  private last: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.last = now();
  }

  /** Spends one message; false once the socket has sent more than it may. */
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(SOCKET_MESSAGE_BURST, this.tokens + ((at - this.last) / 1000) * SOCKET_MESSAGES_PER_SECOND);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
