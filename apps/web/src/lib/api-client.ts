import type { z } from "zod";
import { pathOf, STATUS_MESSAGES, type Endpoint, type PathParamNames, type PathValues } from "@housemate/contract";
import { isRecord } from "./is-record";
import { reportReachable, reportUnreachable } from "./network";
import { nextTask } from "./next-task";
import { serverUrl } from "./server-origin";

/**
 * Every call goes to the API on this origin (DESIGN §1), or inside the phone apps on the server they were built for
 * (decision 056); SPEC §7 paths are relative to it.
 */
export const API_BASE = serverUrl("/api");
/** SPEC §9: every request gives up after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The local-storage key of the session token (SPEC §3 storage keys). */
export const AUTH_TOKEN_KEY = "authToken";

/** SPEC §3 'Error object (client)': what every failed call throws. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;

  constructor(init: {
    message: string;
    status: number;
    code: string;
    requestId?: string | undefined;
    details?: unknown;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}

/** SPEC §8 client-side codes. */
const CLIENT_ERRORS = {
  AUTHENTICATION_REQUIRED: { status: 401, message: "No authentication token found. Please log in again." },
  TIMEOUT: { status: 408, message: "Request timed out. The server might be experiencing issues." },
  NETWORK_ERROR: { status: 0, message: "Unable to connect to the server. Please check your internet connection." },
  UNKNOWN_ERROR: { status: 0, message: "An unexpected error occurred" },
} as const;

function clientError(code: keyof typeof CLIENT_ERRORS): ApiError {
  return new ApiError({ ...CLIENT_ERRORS[code], code });
}

/** SPEC §8 friendly message for a status the server explained no further. */
export function friendlyMessage(status: number, statusText: string): string {
  if (status >= 500) return STATUS_MESSAGES[500];
  if (status === 401 || status === 403 || status === 404 || status === 429) return STATUS_MESSAGES[status];
  return `API error: ${statusText}`;
}

const sessionExpiredListeners = new Set<() => void>();

/**
 * Called when the server answers an authenticated call with 401: the session is gone, so the
 * auth store signs the user out locally. Returns the unsubscribe function.
 */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

type QueryValues = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  /** Sends the stored bearer token, and refuses to send without one: the endpoint's `auth` says whether. */
  auth: boolean;
  /** Query-string parameters; undefined values are left out. */
  query?: QueryValues | undefined;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal | undefined;
  /** Answers the whole envelope (`{ data, page }` of a list) instead of its `data`. */
  envelope: boolean;
  /** See `CallOptions`. */
  keepalive?: boolean | undefined;
  /** Answers the body as a file with its headers, and with no time-out (see `api.download`). */
  file?: boolean | undefined;
}

/** A file the API sent (an export): its bytes and the headers that name it. */
export interface DownloadedFile {
  blob: Blob;
  headers: Headers;
}

/** What a call to `E` takes: its path's values, its query and its body, each required exactly when it has one. */
export type CallOptions<E extends Endpoint> = ([PathParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathValues<E> }) &
  (E["query"] extends z.ZodType ? { query: z.input<E["query"]> } : { query?: undefined }) &
  (E["body"] extends z.ZodType
    ? { body: z.input<E["body"]> }
    : E["consumes"] extends readonly string[]
      ? { body: Blob }
      : { body?: undefined }) & {
    signal?: AbortSignal | undefined;
    /**
     * Sent at once, in this task, and outlives the page (fetch's `keepalive`): for a write that must reach the server
     * though the page is being hidden or closed (a note's waiting delete, decision 037).
     */
    keepalive?: boolean | undefined;
  };

/** A call's options, which may be left out when the endpoint needs none. */
type CallArguments<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The endpoint's answer as its response schema writes it (the whole envelope). */
export type AnswerOf<E extends Endpoint> = z.output<E["response"]>;
/** The `data` of the endpoint's answer. */
export type DataOf<E extends Endpoint> = AnswerOf<E> extends { data: infer Data } ? Data : never;

type Body = { kind: "json"; value: unknown } | { kind: "raw"; value: Blob; contentType: string } | undefined;

const json = (value: unknown): Body => (value === undefined ? undefined : { kind: "json", value });

function buildUrl(path: string, values: RequestOptions["query"]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return `${API_BASE}${path.startsWith("/") ? path : `/${path}`}${search ? `?${search}` : ""}`;
}

const stringOrUndefined = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads DESIGN §2's `{error: {message, code, requestId, details}}`, falling back to a flat `{message, code}`. */
async function errorFrom(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const payload = isRecord(body) ? body : {};
  const nested = isRecord(payload.error) ? payload.error : {};
  const message =
    stringOrUndefined(nested.message) ??
    stringOrUndefined(payload.message) ??
    stringOrUndefined(payload.error) ??
    friendlyMessage(response.status, response.statusText);
  return new ApiError({
    message,
    status: response.status,
    code: stringOrUndefined(nested.code) ?? stringOrUndefined(payload.code) ?? "ERROR",
    requestId: stringOrUndefined(nested.requestId) ?? response.headers.get("X-Request-ID") ?? undefined,
    details: nested.details ?? payload.details,
  });
}

async function request(method: string, path: string, body: Body, options: RequestOptions): Promise<unknown> {
  const { auth, query, signal, envelope, keepalive = false, file = false } = options;
  // Each request starts in a task of its own, not in the render that asked for it; one cancelled meanwhile does not.
  // One that must outlive the page goes now: a closing page may run no further task.
  if (!keepalive) await nextTask();
  signal?.throwIfAborted();
  const headers: Record<string, string> = { Accept: file ? "*/*" : "application/json" };
  if (auth) {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    if (!token) throw clientError("AUTHENTICATION_REQUIRED");
    headers.Authorization = `Bearer ${token}`;
  }
  // Fastify rejects an empty body declared as JSON, so the type goes only with a body.
  if (body?.kind === "json") headers["Content-Type"] = "application/json";
  if (body?.kind === "raw") headers["Content-Type"] = body.contentType;

  const controller = new AbortController();
  let timedOut = false;
  // A file streams for as long as it takes (a long history's PDF): the caller's signal is its only end.
  const timer = file
    ? undefined
    : setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forwardAbort, { once: true });
  if (signal?.aborted) forwardAbort();

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : body.kind === "json" ? JSON.stringify(body.value) : body.value,
        credentials: "include",
        mode: "cors",
        signal: controller.signal,
        keepalive,
      });
    } catch (error) {
      const failure = failureOf(error);
      // Never reached the server: offline, whatever navigator.onLine says, once the health check agrees (lib/network.ts).
      if (failure instanceof ApiError && failure.code === "NETWORK_ERROR") await reportUnreachable();
      throw failure;
    }
    reportReachable();
    if (!response.ok) {
      const error = await errorFrom(response);
      if (auth && response.status === 401) sessionExpiredListeners.forEach((listener) => listener());
      throw error;
    }
    if (file) {
      const blob = await response.blob().catch((error: unknown) => {
        throw failureOf(error);
      });
      return { blob, headers: response.headers } satisfies DownloadedFile;
    }
    // The time-out covers the body too: a server that sends headers and then stalls still times out.
    const payload = await readJson(response).catch((error: unknown) => {
      throw failureOf(error);
    });
    return !envelope && isRecord(payload) && "data" in payload ? payload.data : payload;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }

  function failureOf(error: unknown): unknown {
    if (timedOut) return clientError("TIMEOUT");
    // The caller cancelled: hand its reason back untouched so TanStack Query recognises it.
    if (signal?.aborted) return error;
    return clientError(error instanceof TypeError ? "NETWORK_ERROR" : "UNKNOWN_ERROR");
  }
}

/** What `send` reads of a call's options, whichever endpoint's they are. */
interface SentOptions {
  params?: Record<string, string> | undefined;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal | undefined;
  keepalive?: boolean | undefined;
}

async function send(endpoint: Endpoint, options: SentOptions, envelope: boolean, file = false): Promise<unknown> {
  const path = options.params ? pathOf(endpoint, options.params) : endpoint.path;
  const body: Body =
    options.body instanceof Blob
      ? { kind: "raw", value: options.body, contentType: options.body.type || "application/octet-stream" }
      : json(options.body);
  // The contract's query schemas are flat objects of strings, numbers and booleans (what a URL can carry).
  const query = options.query as QueryValues | undefined;
  return request(endpoint.method, path, body, {
    auth: endpoint.auth === "session",
    query,
    signal: options.signal,
    envelope,
    keepalive: options.keepalive,
    file,
  });
}

/**
 * The one way the web app talks to the API (SPEC §7): an endpoint of the contract, so its path is built from the
 * endpoint and its answer typed by its response schema. JSON (an upload's raw image bytes with their own type),
 * credentials included, 10 s time-out, the bearer token for a session endpoint, failures thrown as ApiError.
 * The answer is the schema's type without being parsed again here: the server wrote it from that same schema, and
 * parsing every list on a phone costs time the user sees.
 */
export const api = {
  /** Calls the endpoint and answers its `data`. */
  call: <E extends Endpoint>(endpoint: E, ...[options]: CallArguments<E>) =>
    send(endpoint, options ?? {}, false) as Promise<DataOf<E>>,
  /** Calls the endpoint and answers its whole envelope (`{ data, page }` of a list of fines). */
  callForEnvelope: <E extends Endpoint>(endpoint: E, ...[options]: CallArguments<E>) =>
    send(endpoint, options ?? {}, true) as Promise<AnswerOf<E>>,
  /**
   * Fetches a file the endpoint sends (an export): the same token, errors and sign-out on 401 as a call, but no
   * 10 s time-out, since a long file streams for longer; the caller's signal cancels it.
   */
  download: <E extends Endpoint>(endpoint: E, ...[options]: CallArguments<E>) =>
    send(endpoint, options ?? {}, false, true) as Promise<DownloadedFile>,
};

/**
 * SPEC §7's checks of an answer ('Failed to create fine - invalid response', …). Answers are typed, not parsed, so
 * where SPEC names the error for an answer that lacks something, the caller names the fields it must carry. A field
 * counts as missing when it is falsy, as SPEC's checks read ("must come back with an id"): not for a count or a flag.
 */
export function checkedAnswer<T>(answer: T, message: string, ...fields: (keyof T)[]): T {
  const loose = answer as Partial<T> | null | undefined;
  if (!loose || fields.some((field) => !loose[field])) throw new Error(message);
  return answer;
}
