import autocannon from "autocannon";
import { processCpuMs } from "./process-cpu";

export type LoadFigures = { rps: number; p50: number; p99: number; requests: number; errors: number; cpuMsPerRequest: number | undefined; notModified?: number };

/**
 * autocannon at `connections` connections without pipelining, the path drawn per request. With
 * the server's pid, also the server's CPU time per request: steadier than req/s on a shared machine.
 */
export async function load(url: string, pathFor: () => string, options: { seconds: number; connections: number; serverPid?: number; headersFor?: (path: string) => Record<string, string> }): Promise<LoadFigures> {
  const cpuBefore = options.serverPid === undefined ? undefined : processCpuMs(options.serverPid);
  const result = await autocannon({
    url,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const path = pathFor();
          return { ...request, path, ...(options.headersFor ? { headers: { ...request.headers, ...options.headersFor(path) } } : {}) };
        },
      },
    ],
  });
  const cpuAfter = options.serverPid === undefined ? undefined : processCpuMs(options.serverPid);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, result.requests.total);
  return {
    cpuMsPerRequest: cpu,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    // a 304 is counted by autocannon as non-2xx; it is the answer asked for by If-None-Match, not an error
    errors: result.errors + result.non2xx - result["3xx"] + result.timeouts,
    notModified: result["3xx"],
  };
}
