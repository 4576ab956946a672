/** The part of autocannon's API the load process uses (the package ships no types). */
declare module "autocannon" {
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    warmup?: { connections: number; duration: number };
    requests?: { setupRequest?: (request: RequestParams) => RequestParams }[];
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
