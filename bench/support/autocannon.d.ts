// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  type RequestSpec = { method?: string; path?: string; setupRequest?: (request: RawRequest) => RawRequest };
  type Options = { url: string; connections?: number; overallRate?: number; pipelining?: number; duration?: number; requests?: RequestSpec[]; headers?: Record<string, string> };
  export type RawRequest = { method?: string; path: string; headers?: Record<string, string> };
  export type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number; "3xx": number };
  export type Instance = {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
    on(event: "reqError", listener: (error: Error) => void): Instance;
  };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
