import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service of our own for tests (issue 23): a local HTTP server that devices' subscriptions name as their
 * endpoint. It does what a browser's push service and the browser together do with a push: checks the VAPID
 * `Authorization` (RFC 8292: an ES256 JWT for this origin, signed by the key it names), then decrypts the body as the
 * device would (RFC 8291, aes128gcm) with the device's own keys. Written with node:crypto only, so a test of the
 * server's sending never trusts the library that sends.
 *
 * Free of the server's code: the browser journeys use it too.
 */

/** What a browser's `PushSubscription.toJSON()` gives, as POST /push/subscriptions takes it. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push as the device read it: the headers that matter and the decrypted JSON. */
export interface ReceivedPush {
  /** The parsed JSON payload (the contract's PushPayload). */
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | null;
  /** The VAPID JWT's claims (aud, exp, sub). */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with (base64url). */
  vapidKey: string;
  /** The encrypted body's size in bytes (a push service takes at most PUSH_SERVICE_MAX_BYTES). */
  size: number;
}

/** RFC 8030 §7.2: a push service must take 4,096 bytes of encrypted body; the big ones take no more (413). */
export const PUSH_SERVICE_MAX_BYTES = 4096;

/** A push the service refused (a bad JWT, a key it did not expect, a body it could not decrypt), and why. */
export interface RefusedPush {
  device: string;
  reason: string;
}

export interface PushDevice {
  /** Its endpoint's URL: the service's origin and this device's own path. */
  readonly endpoint: string;
  /** The body for POST /push/subscriptions: this device's endpoint and keys. */
  subscription(): PushSubscriptionJson;
  /** The pushes this device received and decrypted, oldest first. */
  received(): ReceivedPush[];
  /** Every request for this device, whatever it was answered (the count of tries). */
  attempts(): number;
  /**
   * Makes new keys, as a browser does when it subscribes afresh on the same endpoint: from now on a push is decrypted
   * with them only (one encrypted for the old keys is refused), and `subscription()` gives them.
   */
  renewKeys(): void;
  /**
   * Answer this device's next `times` requests (every one when omitted) with `status`, and `Retry-After` when given,
   * instead of accepting them (201). 404 and 410 are what a push service says of a subscription that is gone.
   */
  respondWith(status: number, options?: { times?: number; retryAfter?: number }): void;
  /**
   * Leave this device's requests unanswered from now on, as a push service that hangs does, until `release()` (never,
   * for a service that never answers: the sender's timeout or shutdown ends the request).
   */
  hold(): void;
  /** Answer the held requests (as they would have been) and every later one at once. */
  release(): void;
  /** The requests being held now whose senders still wait for an answer. */
  pending(): number;
}

export interface PushEndpoint extends PushDevice {
  /** The service's origin (`http://127.0.0.1:<port>`): a server's PUSH_SERVICES must name it. */
  readonly url: string;
  /** Another device on the same service, with keys of its own. The endpoint itself is the first device. */
  device(): PushDevice;
  /** Only pushes signed with this VAPID public key (GET /push/key's) are accepted; others are refused with 403. */
  expectVapidKey(publicKey: string): void;
  /** The requests refused, and why. */
  refused(): RefusedPush[];
  close(): Promise<void>;
}

/** The keys of a device: its P-256 key pair (the subscription's p256dh) and its 16-byte auth secret. */
interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

interface DeviceState {
  keys: DeviceKeys;
  received: ReceivedPush[];
  attempts: number;
  answers: { status: number; times: number; retryAfter?: number | undefined }[];
  /** While held: resolves when released. */
  held: Promise<void> | null;
  release: () => void;
  pending: number;
}

/** Starts the service on a free port of 127.0.0.1. */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const devices = new Map<string, DeviceState>();
  const refused: RefusedPush[] = [];
  let expectedKey: string | null = null;

  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      refused.push({ device: request.url ?? "", reason: String(error) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const id = (request.url ?? "").slice("/push/".length);
    const device = devices.get(id);
    if (request.method !== "POST" || !(request.url ?? "").startsWith("/push/") || !device) {
      response.writeHead(404).end();
      return;
    }
    device.attempts += 1;
    if (device.held) {
      // Counted while its sender still waits: a sender that gave up (its timeout, its shutdown) closes the connection.
      const sender = { abandoned: false };
      device.pending += 1;
      const leave = () => {
        sender.abandoned = true;
        device.pending -= 1;
      };
      response.once("close", leave);
      await device.held;
      response.off("close", leave);
      // Nothing reached the device of a request its sender abandoned.
      if (sender.abandoned) return;
      device.pending -= 1;
    }
    const refuse = (status: number, reason: string) => {
      refused.push({ device: id, reason });
      response.writeHead(status).end(reason);
    };
    const vapid = checkVapid(request.headers.authorization, url, expectedKey);
    if (typeof vapid === "string") {
      refuse(403, vapid);
      return;
    }
    if (request.headers["content-encoding"] !== "aes128gcm") {
      refuse(400, "not aes128gcm");
      return;
    }
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) {
      refuse(400, "no TTL");
      return;
    }

    if (body.length > PUSH_SERVICE_MAX_BYTES) {
      refuse(413, "payload too large");
      return;
    }

    const [scripted] = device.answers;
    if (scripted) {
      scripted.times -= 1;
      if (scripted.times <= 0) device.answers.shift();
      response.writeHead(
        scripted.status,
        scripted.retryAfter === undefined ? {} : { "retry-after": String(scripted.retryAfter) },
      );
      response.end();
      return;
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decryptAes128gcm(body, device.keys).toString("utf8")) as Record<string, unknown>;
    } catch (error) {
      refuse(400, `could not decrypt: ${String(error)}`);
      return;
    }
    const urgency = request.headers.urgency;
    device.received.push({
      payload,
      ttl,
      urgency: typeof urgency === "string" ? urgency : null,
      claims: vapid.claims,
      vapidKey: vapid.key,
      size: body.length,
    });
    response.writeHead(201, { location: `${url}/message/${randomUUID()}` }).end();
  }

  function newKeys(): DeviceKeys {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
  }

  function device(): PushDevice {
    const id = randomUUID();
    const state: DeviceState = {
      keys: newKeys(),
      received: [],
      attempts: 0,
      answers: [],
      held: null,
      release: () => undefined,
      pending: 0,
    };
    devices.set(id, state);
    const endpoint = `${url}/push/${id}`;
    return {
      endpoint,
      subscription: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: state.keys.publicKey.toString("base64url"), auth: state.keys.auth.toString("base64url") },
      }),
      received: () => [...state.received],
      attempts: () => state.attempts,
      renewKeys() {
        state.keys = newKeys();
      },
      respondWith(status, options = {}) {
        state.answers.push({ status, times: options.times ?? Infinity, retryAfter: options.retryAfter });
      },
      hold() {
        state.held ??= new Promise<void>((resolve) => {
          state.release = resolve;
        });
      },
      release() {
        state.held = null;
        state.release();
      },
      pending: () => state.pending,
    };
  }

  const first = device();
  return {
    ...first,
    url,
    device,
    expectVapidKey(publicKey) {
      expectedKey = publicKey;
    },
    refused: () => [...refused],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`. The JWT must be ES256, signed by `k`, for this service's origin, and not
 * expired nor good for more than 24 hours. Answers the claims, or why it is refused.
 */
function checkVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string | null,
): { claims: ReceivedPush["claims"]; key: string } | string {
  if (!header?.startsWith("vapid ")) return "no vapid authorization";
  const fields = new Map(
    header
      .slice("vapid ".length)
      .split(",")
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
      }),
  );
  const token = fields.get("t");
  const key = fields.get("k");
  if (!token || !key) return "vapid needs t and k";
  if (expectedKey !== null && key !== expectedKey) return "signed with another server's key";
  const [header64 = "", claims64 = "", signature64 = ""] = token.split(".");
  const jwtHeader = JSON.parse(Buffer.from(header64, "base64url").toString()) as { alg?: string };
  if (jwtHeader.alg !== "ES256") return "not ES256";
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 key";
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header64}.${claims64}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature64, "base64url"),
  );
  if (!signed) return "bad signature";
  const claims = JSON.parse(Buffer.from(claims64, "base64url").toString()) as ReceivedPush["claims"];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return "exp is not within the next 24 hours";
  if (!claims.sub.startsWith("mailto:") && !claims.sub.startsWith("https:")) return "sub is not mailto: or https:";
  return { claims, key };
}

/**
 * RFC 8291 §3.4 and RFC 8188: the body is salt (16) | record size (4) | key id length (1) | key id (the sender's
 * one-time public key) | one record, AES-128-GCM with its 16-byte tag last, its plaintext ending in the last record's
 * delimiter 0x02 and any zero padding.
 */
function decryptAes128gcm(body: Buffer, device: DeviceKeys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > body.readUInt32BE(16)) throw new Error("more than one record");

  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, device.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
