import v8 from "node:v8";
import type { ServerEnv } from "@/lib/config/server-env";

// Under load V8 let the old space grow to several times the live heap before a full collection,
// glibc gave each allocating thread its own malloc arena, and Node kept the source map of every
// chunk Next loaded (tsx turns source maps on): after a read load the server held 650 MB with about
// 107 MB of live heap (docs/PERFORMANCE.md, "Memory within budget"). These settings keep garbage
// collected without a hard heap cap, so a server that needs more heap still gets it.

/** Node flags the server starts with (`npm start` and the test stacks pass them to node). */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=12"] as const;
/** glibc reads MALLOC_ARENA_MAX when the process starts, so it is set in the server's environment. */
export const SERVER_MALLOC_ARENA_MAX = "2";

/** Applies what can be set after start, before Next loads any route; returns the start log's line. */
export function applyMemorySettings(env: Pick<ServerEnv, "CAPSULE_HEAP_GROWING_PERCENT" | "CAPSULE_SOURCE_MAPS">, options: { dev: boolean }): string {
  const percent = env.CAPSULE_HEAP_GROWING_PERCENT;
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  const mapsOff = !options.dev && env.CAPSULE_SOURCE_MAPS === "0";
  if (mapsOff) process.setSourceMapsEnabled(false);
  return [
    `memory: ${percent > 0 ? `V8 collects when its heap has grown ${percent} % past the live data` : "V8's own heap growth"}`,
    process.env.MALLOC_ARENA_MAX ? `malloc arenas ≤ ${process.env.MALLOC_ARENA_MAX}` : "glibc's default malloc arenas",
    mapsOff ? "the build's source maps not loaded (CAPSULE_SOURCE_MAPS=1 loads them)" : "source maps loaded",
  ].join("; ");
}
