import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { authApi, exportsApi, finesApi, notesApi, rulesApi, storageApi, usersApi } from "@housemate/contract";
import { api, ApiError, onSessionExpired, type AnswerOf, type CallOptions, type DataOf } from "./api-client";
import { nextTask } from "./next-task";

type Answer = { status?: number; statusText?: string; body?: unknown; headers?: Record<string, string> };

/** A fetch stand-in at the network boundary: records each request and answers with a real Response. */
function stubFetch(answer: Answer) {
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(input instanceof Request ? input.url : input, "http://localhost"), {
      ...init,
      signal: null,
    });
    requests.push(request);
    const { body, status = 200, statusText = "", headers } = answer;
    const text = body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status, statusText, headers });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { fetchStub, requests };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

beforeEach(() => localStorage.setItem("authToken", "session-token"));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("api client: requests", () => {
  it("sends JSON to /api with the bearer token and credentials, and unwraps {data}", async () => {
    const { fetchStub, requests } = stubFetch({ body: { data: { id: "r1" } } });
    const body = { title: "Dishes", description: "After dinner", fine_amount: 2, household_id: "h1" };
    await expect(api.call(rulesApi.createRule, { body })).resolves.toEqual({ id: "r1" });

    const [request] = requests;
    expect(request?.url).toBe("http://localhost/api/rules");
    expect(request?.method).toBe("POST");
    expect(request?.headers.get("Authorization")).toBe("Bearer session-token");
    expect(request?.headers.get("Content-Type")).toBe("application/json");
    await expect(request?.json()).resolves.toEqual(body);
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ credentials: "include", mode: "cors" });
  });

  it("sends a keepalive call at once, in the caller's task, so it outlives a closing page", async () => {
    const { fetchStub } = stubFetch({ body: { data: null } });
    const call = api.call(notesApi.deleteStickyNote, { params: { id: "n1" }, keepalive: true });
    // Before any other task could run: a page being unloaded may run none.
    expect(fetchStub).toHaveBeenCalledOnce();
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: "DELETE", keepalive: true });
    await call;
  });

  it("builds the query string and leaves out undefined parameters", async () => {
    const { requests } = stubFetch({ body: { data: [] } });
    await api.call(finesApi.listFines, { query: { limit: 10, status: undefined, cursor: "c1" } });
    expect(requests[0]?.url).toBe("http://localhost/api/fines?limit=10&cursor=c1");
  });

  it("builds the path from the endpoint and its values, encoded", async () => {
    const { requests } = stubFetch({ body: { data: {} } });
    await api.call(finesApi.payFine, { params: { hid: "h 1", fid: "f1" } });
    expect(requests[0]?.method).toBe("PUT");
    expect(requests[0]?.url).toBe("http://localhost/api/fines/household/h%201/fines/f1/pay");
  });

  it("types the answer by the endpoint's response schema and each call's options by the endpoint", () => {
    expectTypeOf<DataOf<typeof usersApi.getUser>>().toHaveProperty("display_name");
    expectTypeOf<AnswerOf<typeof finesApi.listFines>>().toHaveProperty("page");
    expectTypeOf<CallOptions<typeof finesApi.payFine>["params"]>().toEqualTypeOf<Record<"hid" | "fid", string>>();
    // @ts-expect-error a path value renamed or missing is a type error
    const renamed: CallOptions<typeof usersApi.getUser> = { params: { userId: "u1" } };
    expect(renamed).toBeDefined();
    // Never run: only compiled. An endpoint with path values cannot be called without them.
    const withoutValues = () => {
      // @ts-expect-error the user's id is missing
      void api.call(usersApi.getUser);
    };
    expect(withoutValues).toBeTypeOf("function");
  });

  it("returns a payload that is not wrapped in data as it is", async () => {
    stubFetch({ body: [1, 2] });
    await expect(api.call(notesApi.listStickyNotes)).resolves.toEqual([1, 2]);
  });

  it("refuses an authenticated call without a stored token, before sending anything", async () => {
    localStorage.removeItem("authToken");
    const { fetchStub } = stubFetch({ body: { data: {} } });
    const error = await failureOf(api.call(finesApi.listFines, { query: {} }));
    expect(error).toMatchObject({
      message: "No authentication token found. Please log in again.",
      status: 401,
      code: "AUTHENTICATION_REQUIRED",
    });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("sends a public endpoint's call without a token and without an Authorization header", async () => {
    localStorage.removeItem("authToken");
    const { requests } = stubFetch({ body: { data: { message: "sent" } } });
    await api.call(authApi.requestSignInLink, { body: { email: "ana@example.com" } });
    expect(requests[0]?.headers.get("Authorization")).toBeNull();
  });

  it("uploads raw bytes with their own content type", async () => {
    const { requests } = stubFetch({ body: { data: { publicUrl: "/files/a.png" } } });
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    const params = { category: "rule-images", file: `${"a".repeat(32)}.png` };
    await expect(api.call(storageApi.uploadFile, { params, body: file })).resolves.toEqual({
      publicUrl: "/files/a.png",
    });
    expect(requests[0]?.method).toBe("PUT");
    expect(requests[0]?.url).toBe(`http://localhost/api/storage/upload/rule-images/${"a".repeat(32)}.png`);
    expect(requests[0]?.headers.get("Content-Type")).toBe("image/png");
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer session-token");
  });
});

describe("api client: errors", () => {
  it("reads the server's error body and its request id", async () => {
    stubFetch({
      status: 409,
      statusText: "Conflict",
      headers: { "X-Request-ID": "req-header" },
      body: { error: { message: "Already paid", code: "CONFLICT", requestId: "req-body", details: { fineId: "f1" } } },
    });
    const error = await failureOf(api.call(finesApi.payFine, { params: { hid: "h", fid: "f" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Already paid",
      status: 409,
      code: "CONFLICT",
      requestId: "req-body",
      details: { fineId: "f1" },
    });
  });

  it("falls back to a flat {message, code} body and the X-Request-ID header", async () => {
    stubFetch({
      status: 400,
      headers: { "X-Request-ID": "req-7" },
      body: { message: "Bad rule", code: "VALIDATION_ERROR" },
    });
    const error = await failureOf(
      api.call(rulesApi.createRule, { body: { title: "", description: "", fine_amount: 1, household_id: "h1" } }),
    );
    expect(error).toMatchObject({ message: "Bad rule", code: "VALIDATION_ERROR", requestId: "req-7" });
  });

  it.each([
    [401, "Your session has expired. Please log in again."],
    [403, "You don't have permission to access this resource."],
    [404, "The requested resource was not found."],
    [429, "Too many requests. Please try again later."],
    [500, "The server encountered an error. Please try again later."],
    [503, "The server encountered an error. Please try again later."],
  ])("gives SPEC's friendly message for a bare %i", async (status, message) => {
    stubFetch({ status, body: "" });
    const error = await failureOf(api.call(rulesApi.listRules, { params: { id: "h1" } }));
    expect(error).toMatchObject({ status, message, code: "ERROR" });
  });

  it("falls back to 'API error: ' and the status text with code ERROR", async () => {
    stubFetch({ status: 418, statusText: "I'm a teapot", body: "<html>no json</html>" });
    const error = await failureOf(api.call(rulesApi.listRules, { params: { id: "h1" } }));
    expect(error).toMatchObject({ status: 418, message: "API error: I'm a teapot", code: "ERROR" });
  });

  it("gives up after 10 seconds with TIMEOUT", async () => {
    vi.useFakeTimers();
    // Never answers; rejects only when the client aborts, as a real fetch does.
    const fetchStub = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<never>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    vi.stubGlobal("fetch", fetchStub);

    const pending = failureOf(api.call(finesApi.listFines, { query: {} }));
    // The request starts in a task of its own; the 10 s count from then.
    await nextTask();
    expect(fetchStub).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchStub.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({
      status: 408,
      code: "TIMEOUT",
      message: "Request timed out. The server might be experiencing issues.",
    });
  });

  it("downloads a file with the token and its headers, and no 10 s time-out: only the caller's signal ends it", async () => {
    localStorage.setItem("authToken", "session-token");
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    const fetchStub = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    vi.stubGlobal("fetch", fetchStub);
    const controller = new AbortController();
    const pending = api.download(exportsApi.exportFinesPdf, {
      params: { id: "h1" },
      query: { from: "2026-01-01" },
      signal: controller.signal,
    });
    await nextTask();
    await nextTask();
    expect(fetchStub).toHaveBeenCalledOnce();
    const [address, init] = fetchStub.mock.calls[0] ?? [];
    expect(address).toBe("/api/households/h1/exports/fines.pdf?from=2026-01-01");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer session-token");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(init?.signal?.aborted).toBe(false);
    answer(new Response("%PDF-", { headers: { "Content-Disposition": 'attachment; filename="f.pdf"' } }));
    const file = await pending;
    expect(await file.blob.text()).toBe("%PDF-");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="f.pdf"');

    const cancelled = api.download(exportsApi.exportFinesPdf, {
      params: { id: "h1" },
      query: {},
      signal: controller.signal,
    });
    await nextTask();
    await nextTask();
    controller.abort();
    await expect(cancelled).rejects.toThrow();
    expect(fetchStub.mock.calls[1]?.[1]?.signal?.aborted).toBe(true);
  });

  it("reports an unreachable server as NETWORK_ERROR", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(failureOf(api.call(finesApi.listFines, { query: {} }))).resolves.toMatchObject({
      status: 0,
      code: "NETWORK_ERROR",
      message: "Unable to connect to the server. Please check your internet connection.",
    });
  });

  it("reports anything else as UNKNOWN_ERROR", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new Error("boom")));
    await expect(failureOf(api.call(finesApi.listFines, { query: {} }))).resolves.toMatchObject({
      status: 0,
      code: "UNKNOWN_ERROR",
      message: "An unexpected error occurred",
    });
  });
});

describe("api client: session expiry", () => {
  it("announces a 401 on an authenticated call so the user is signed out", async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch({
      status: 401,
      body: { error: { message: "Session expired", code: "UNAUTHENTICATED", requestId: "r" } },
    });
    await failureOf(api.call(finesApi.listFines, { query: {} }));
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it("does not sign anyone out when a sign-in call is refused", async () => {
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    stubFetch({
      status: 401,
      body: { error: { message: "This link has expired", code: "UNAUTHENTICATED", requestId: "r" } },
    });
    await failureOf(api.call(authApi.verifySignInLink, { query: { token: "t" } }));
    expect(expired).not.toHaveBeenCalled();
    stop();
  });
});
