import { memoryCounter, type RateLimitHit } from "./fixed-window";
import { processHolder } from "@/lib/process-registry";

const shared = processHolder<{ capsuleMemoryCounter: RateLimitHit }>("memoryRateCounter");

/**
 * The per-request limits counted in this process when the database is the embedded SQLite (one
 * server, nothing to share), so a public GET does not cost a write transaction; PostgreSQL
 * deployments count in SQL. One counter for Next's bundle and the server entry alike.
 */
export const hitMemoryRateLimit: RateLimitHit = (rule, key, now) => (shared.capsuleMemoryCounter ??= memoryCounter())(rule, key, now);
