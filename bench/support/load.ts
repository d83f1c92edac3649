import fs from "node:fs";
import autocannon, { type Instance, type RawRequest, type Result } from "autocannon";
import { processCpuMs } from "./process-cpu";

export type LoadFigures = { rps: number; p50: number; p99: number; requests: number; errors: number; cpuMsPerRequest: number | undefined; notModified?: number };

type LoadOptions = { seconds: number; connections: number; headersFor?: (path: string) => Record<string, string>; overallRate?: number };

/**
 * Starts autocannon at `connections` connections without pipelining, the path drawn per request. With
 * BENCH_LATENCY_LOG=file, each answer's completion time (ms since the epoch) and latency (ms) are appended
 * there once the run ends, to see when the slow ones came.
 */
function startLoad(url: string, pathFor: () => string, options: LoadOptions, onStart?: (instance: Instance) => void): Promise<Result> {
  const latencyLog = process.env.BENCH_LATENCY_LOG;
  const latencies: string[] = [];
  return new Promise<Result>((resolve, reject) => {
    const setupRequest = (request: RawRequest) => {
      const path = pathFor();
      return { ...request, path, ...(options.headersFor ? { headers: { ...request.headers, ...options.headersFor(path) } } : {}) };
    };
    const instance = autocannon(
      { url, connections: options.connections, pipelining: 1, duration: options.seconds, requests: [{ method: "GET", setupRequest }], ...(options.overallRate ? { overallRate: options.overallRate } : {}) },
      (error, finished) => {
        if (latencyLog && latencies.length > 0) fs.appendFileSync(latencyLog, `${latencies.join("\n")}\n`);
        if (error) reject(error);
        else resolve(finished);
      },
    );
    if (latencyLog) instance.on("response", (_client, _status, _bytes, ms) => void latencies.push(`${Date.now()} ${ms.toFixed(1)}`));
    onStart?.(instance);
  });
}

/**
 * autocannon at `connections` connections without pipelining, the path drawn per request. With
 * the server's pid, also the server's CPU time per request: steadier than req/s on a shared machine.
 */
export async function load(url: string, pathFor: () => string, options: LoadOptions & { serverPid?: number }): Promise<LoadFigures> {
  const cpuBefore = options.serverPid === undefined ? undefined : processCpuMs(options.serverPid);
  const result = await startLoad(url, pathFor, options);
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

/**
 * Like `load`, but the warm-up and the measured window share the same `connections`: autocannon opens them
 * once, and only answers that complete after `warmUpSeconds` are measured (latency percentiles, req/s,
 * errors, and the server's CPU over that window). Opened all at once, 100 connections to a saturated Node
 * server leave some of their first requests waiting for seconds while the others are served; a bare
 * node:http server with a 2 ms handler shows the same (docs/PERFORMANCE.md, "The tail and the connection
 * burst"). A warm-up run on connections of its own leaves that burst in the measured window.
 */
export async function loadOnWarmConnections(
  url: string,
  pathFor: () => string,
  options: { warmUpSeconds: number; seconds: number; connections: number; serverPid?: number; overallRate?: number },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const counts = { notModified: 0, failed: 0, errors: 0 };
  let measuring = false;
  let cpuBefore: number | undefined;
  await startLoad(url, pathFor, { seconds: options.warmUpSeconds + options.seconds, connections: options.connections, overallRate: options.overallRate }, (instance) => {
    instance.on("response", (_client, status, _bytes, ms) => {
      if (!measuring) return;
      latencies.push(ms);
      if (status >= 300 && status < 400) counts.notModified++;
      else if (status < 200 || status >= 400) counts.failed++;
    });
    instance.on("reqError", () => void (measuring && counts.errors++));
    setTimeout(() => {
      cpuBefore = options.serverPid === undefined ? undefined : processCpuMs(options.serverPid);
      measuring = true;
    }, options.warmUpSeconds * 1000);
  });
  const cpuAfter = options.serverPid === undefined ? undefined : processCpuMs(options.serverPid);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!));
  return {
    cpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / Math.max(1, sorted.length),
    rps: sorted.length / options.seconds,
    p50: at(0.5),
    p99: at(0.99),
    requests: sorted.length,
    errors: counts.errors + counts.failed,
    notModified: counts.notModified,
  };
}
