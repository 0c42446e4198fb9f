// autocannon ships no types and @types/autocannon is not installed: the part of its API the
// benchmarks use, from its README ("Results", "Options").
declare module 'autocannon' {
  interface Histogram {
    average: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** each response body must equal this; others count as `mismatches` */
    expectBody?: string;
  }
  interface Result {
    url: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    connections: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}
