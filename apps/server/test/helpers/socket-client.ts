import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import WebSocket, { type ClientOptions } from "ws";
import { SOCKET_PATH, serverMessageSchema, type ServerMessage } from "@housemate/contract";

type MessageOf<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

export interface TestSocket {
  ws: WebSocket;
  /** Every server message received and not yet taken by `next`, in order. */
  inbox: ServerMessage[];
  /** Everything ever received, in order. */
  received: ServerMessage[];
  /** Takes the first message of `type` (matching `where`) from the inbox, waiting for it if need be. */
  next<T extends ServerMessage["type"]>(
    type: T,
    where?: (message: MessageOf<T>) => boolean,
    timeoutMs?: number,
  ): Promise<MessageOf<T>>;
  /** Resolves when the socket closes, with the code and reason the client saw. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  close(): void;
}

/** Makes the app listen on a free local port and returns the socket's URL (ws://127.0.0.1:port/ws). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${SOCKET_PATH}`;
}

/** Opens a socket with a session token, collecting every server message from the first one on. */
export async function openSocket(url: string, token: string, options: ClientOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(`${url}?token=${encodeURIComponent(token)}`, options);
  const inbox: ServerMessage[] = [];
  const received: ServerMessage[] = [];
  const wake = new Set<() => void>();
  // ws hands a text frame over as one Buffer under its default binaryType ("nodebuffer").
  ws.on("message", (data) => {
    const message = serverMessageSchema.parse(JSON.parse((data as Buffer).toString()));
    inbox.push(message);
    received.push(message);
    for (const fn of wake) fn();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });

  return {
    ws,
    inbox,
    received,
    closed,
    next(type, where = () => true, timeoutMs = 3000) {
      const take = () => {
        const index = inbox.findIndex((m) => m.type === type && where(m as MessageOf<typeof type>));
        if (index === -1) return null;
        return inbox.splice(index, 1)[0] as MessageOf<typeof type>;
      };
      const found = take();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const message = take();
          if (!message) return;
          clearTimeout(timer);
          wake.delete(check);
          resolve(message);
        };
        const timer = setTimeout(() => {
          wake.delete(check);
          reject(new Error(`no "${type}" message within ${timeoutMs} ms`));
        }, timeoutMs);
        wake.add(check);
      });
    },
    send(message) {
      ws.send(typeof message === "string" ? message : JSON.stringify(message));
    },
    close() {
      ws.close();
    },
  };
}

/** Tries to open a socket that the server should refuse; resolves with the HTTP answer to the upgrade. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("open", () => {
      ws.close();
      reject(new Error("the socket was opened"));
    });
    ws.on("unexpected-response", (request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    ws.on("error", () => {});
  });
}
