// @fastify/websocket's name for the socket it hands a route (an interface over ws's class), so a route's socket is
// one without a cast.
import type { WebSocket } from "@fastify/websocket";
import { SOCKET_CLOSE, type ServerMessage } from "@housemate/contract";

/** One open socket of a signed-in user on this instance. */
export interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** Cleared at each heartbeat, set again by the pong: still false at the next heartbeat means dead. */
  alive: boolean;
}

/** Enough for every tab and device a person might have open; beyond it the oldest socket gives way. */
export const MAX_SOCKETS_PER_USER = 20;

/** The open sockets of this instance, by user. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Connection>>();

  add(connection: Connection): void {
    let sockets = this.byUser.get(connection.userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(connection.userId, sockets);
    }
    sockets.add(connection);
    if (sockets.size > MAX_SOCKETS_PER_USER) {
      const [oldest] = sockets;
      if (oldest) {
        this.remove(oldest);
        oldest.socket.close(SOCKET_CLOSE.TOO_MANY_CONNECTIONS, "Too many open connections");
      }
    }
  }

  remove(connection: Connection): void {
    const sockets = this.byUser.get(connection.userId);
    if (!sockets) return;
    sockets.delete(connection);
    if (sockets.size === 0) this.byUser.delete(connection.userId);
  }

  /** Users with at least one open socket here, among `userIds` (all of them when omitted). */
  connectedUsers(userIds?: Iterable<string>): string[] {
    if (!userIds) return [...this.byUser.keys()];
    return [...new Set(userIds)].filter((id) => this.byUser.has(id));
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  connections(): Connection[] {
    return [...this.byUser.values()].flatMap((sockets) => [...sockets]);
  }

  connectionsOf(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Sends to every open socket of the user. */
  sendTo(userId: string, message: ServerMessage): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const text = JSON.stringify(message);
    for (const connection of sockets) send(connection, text);
  }

  get size(): number {
    let total = 0;
    for (const sockets of this.byUser.values()) total += sockets.size;
    return total;
  }
}

export function send(connection: Connection, message: ServerMessage | string): void {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  connection.socket.send(typeof message === "string" ? message : JSON.stringify(message));
}
