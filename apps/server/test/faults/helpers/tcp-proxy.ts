import net, { type AddressInfo } from "node:net";

/**
 * A TCP relay in front of a real server (PostgreSQL, SMTP) that a test can turn into a fault:
 * `hang()` keeps every connection open but passes nothing either way (a network partition, a server that
 * stopped answering), `slowDown()` delays its answers, `close()` cuts every connection and refuses new
 * ones (nothing listening), `restore()` brings it all back on the same port.
 */
export interface TcpProxy {
  port: number;
  hang(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Adds `ms` before each chunk from the server reaches the client (a slow server). */
  slowDown(ms: number): void;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Bytes held while hung, in order, per direction. */
  held: { toServer: Buffer[]; toClient: Buffer[] };
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let hung = false;
  let delayMs = 0;
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("data", (chunk: Buffer) => {
      if (hung) return void pair.held.toClient.push(chunk);
      if (delayMs > 0) setTimeout(() => pair.client.write(chunk), delayMs);
      else pair.client.write(chunk);
    });
    upstream.on("error", () => pair.client.destroy());
    upstream.on("close", () => pair.client.destroy());
    for (const chunk of pair.held.toServer.splice(0)) upstream.write(chunk);
  };

  const onConnection = (client: net.Socket) => {
    const pair: Pair = { client, upstream: null, held: { toServer: [], toClient: [] } };
    pairs.add(pair);
    client.on("data", (chunk: Buffer) => {
      if (hung || !pair.upstream) pair.held.toServer.push(chunk);
      else pair.upstream.write(chunk);
    });
    client.on("error", () => pair.upstream?.destroy());
    client.on("close", () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (!hung) connectUpstream(pair);
  };

  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (listening) {
        listening = false;
        server.close(() => resolve());
      } else {
        resolve();
      }
    });

  return {
    port,
    hang() {
      hung = true;
    },
    slowDown(ms) {
      delayMs = ms;
    },
    async restore() {
      hung = false;
      delayMs = 0;
      for (const pair of pairs) {
        if (!pair.upstream) connectUpstream(pair);
        else {
          for (const chunk of pair.held.toServer.splice(0)) pair.upstream.write(chunk);
        }
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
      if (!listening) {
        server = net.createServer(onConnection);
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
        listening = true;
      }
    },
    async close() {
      // Cut first: the server's close waits for every open connection (a pooled one would never end by itself).
      const stopped = stopListening();
      for (const pair of pairs) pair.client.destroy();
      await stopped;
    },
  };
}
