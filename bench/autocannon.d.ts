/** The slice of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Each connection cycles through these; setupRequest may rewrite path, method and body per request. */
    requests?: Array<{
      setupRequest?: (request: Request) => Request;
      onResponse?: (status: number, body: string) => void;
    }>;
  }
  interface Request {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
