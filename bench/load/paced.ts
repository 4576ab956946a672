import type { RequestParams } from "autocannon";
import { percentile } from "../lib/stats.js";
import type { HttpLoadResult } from "./http-spec.js";

/**
 * An open-loop load at an even pace: one request every 1000/rate ms, each sent without waiting for the
 * others. autocannon's rate limit sends each second's quota in a burst at the start of the second, which
 * measures a queue rather than the latency of a steady stream (what socket delivery is about).
 */
export async function pacedLoad(
  baseUrl: string,
  perSecond: number,
  seconds: number,
  next: (request: RequestParams) => RequestParams,
): Promise<HttpLoadResult> {
  const total = Math.round(perSecond * seconds);
  const started = performance.now();
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = next({});
    const sent = performance.now();
    inFlight.push(
      fetch(`${baseUrl}${request.path ?? "/"}`, {
        method: request.method ?? "GET",
        headers: request.headers ?? {},
        ...(request.body ? { body: request.body } : {}),
      })
        .then(async (response) => {
          bytes += (await response.arrayBuffer()).byteLength;
          latencies.push(performance.now() - sent);
          statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const non2xx = Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith("2") ? n : n + count), 0);
  return {
    requestsPerSecond: latencies.length / elapsed,
    latency: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    },
    total: latencies.length,
    seconds: elapsed,
    non2xx,
    errors,
    timeouts: 0,
    statusCodes,
    bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
  };
}
