// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  type RawRequest = { method?: string; path: string; headers?: Record<string, string> };
  type RequestSpec = { method?: string; path?: string; setupRequest?: (request: RawRequest) => RawRequest };
  type Options = { url: string; connections?: number; pipelining?: number; duration?: number; requests?: RequestSpec[]; headers?: Record<string, string> };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number; "3xx": number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
