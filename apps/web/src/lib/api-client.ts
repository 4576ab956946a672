import { STATUS_MESSAGES } from "@housemate/contract";
import { isRecord } from "./is-record";

/** Every call goes to the API on this origin (DESIGN §1); SPEC §7 paths are relative to it. */
export const API_BASE = "/api";
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

  constructor(init: { message: string; status: number; code: string; requestId?: string | undefined; details?: unknown }) {
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

export interface RequestOptions {
  /** Sends the stored bearer token, and refuses to send without one. Default true; false for sign-in calls. */
  auth?: boolean;
  /** Query-string parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Answers the whole envelope (`{ data, page }` of a list) instead of its `data`. */
  envelope?: boolean;
}

type Body = { kind: "json"; value: unknown } | { kind: "raw"; value: Blob; contentType: string } | undefined;

const json = (value: unknown): Body => (value === undefined ? undefined : { kind: "json", value });

function buildUrl(path: string, params: RequestOptions["params"]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
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

async function request<T>(method: string, path: string, body: Body, options: RequestOptions = {}): Promise<T> {
  const { auth = true, params, signal, envelope = false } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
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
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forwardAbort, { once: true });
  if (signal?.aborted) forwardAbort();

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, params), {
        method,
        headers,
        body: body === undefined ? undefined : body.kind === "json" ? JSON.stringify(body.value) : body.value,
        credentials: "include",
        mode: "cors",
        signal: controller.signal,
      });
    } catch (error) {
      throw failureOf(error);
    }
    if (!response.ok) {
      const error = await errorFrom(response);
      if (auth && response.status === 401) sessionExpiredListeners.forEach((listener) => listener());
      throw error;
    }
    // The time-out covers the body too: a server that sends headers and then stalls still times out.
    const payload = await readJson(response).catch((error: unknown) => {
      throw failureOf(error);
    });
    return (!envelope && isRecord(payload) && "data" in payload ? payload.data : payload) as T;
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

/**
 * The one way the web app talks to the API (SPEC §7): JSON, credentials included, 10 s time-out,
 * bearer token for authenticated calls, `{data}` unwrapped, failures thrown as ApiError.
 * The type parameter is the caller's promise about the payload; validate where it matters.
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, json(body), options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, json(body), options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, json(body), options),
  /** Raw bytes with their own content type (SPEC §7 'PUT /storage/upload/{filePath}'), always authenticated. */
  upload: <T>(path: string, file: Blob, options?: Omit<RequestOptions, "auth">) =>
    request<T>("PUT", path, { kind: "raw", value: file, contentType: file.type || "application/octet-stream" }, options),
};
