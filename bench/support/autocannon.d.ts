declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  type RequestSpec = { method?: string; path?: string; setupRequest?: (request: { path: string }) => { path: string } };
  type Options = { url: string; connections?: number; pipelining?: number; duration?: number; requests?: RequestSpec[]; headers?: Record<string, string> };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
