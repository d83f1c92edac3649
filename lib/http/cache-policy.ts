import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config/config";

// Cache-Control of conditional reads (docs/API.md "Caching"), computed once per process.

export type CachePolicy = { settled: string; changing: string; buildId: string };
let memo: CachePolicy | undefined;

/** The build's id goes into every entity tag, so a deploy that changes an answer's shape changes its tag too. */
function buildId(): string {
  try {
    return readFileSync(path.join(process.cwd(), process.env.CAPSULE_NEXT_DIST_DIR ?? ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return "development";
  }
}

export function cachePolicy(): CachePolicy {
  if (!memo) {
    const cfg = config();
    const maxAge = cfg.CAPSULE_HTTP_CACHE_MAX_AGE;
    memo = {
      settled: maxAge === 0 ? "public, no-cache" : `public, max-age=${maxAge}, stale-while-revalidate=${cfg.CAPSULE_HTTP_CACHE_SWR}`,
      changing: "public, no-cache",
      buildId: buildId(),
    };
  }
  return memo;
}
