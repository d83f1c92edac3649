// Entry of the bare server child process (see bare-process.ts). Env: BENCH_SQLITE_FILE or
// BENCH_DATABASE_URL, BENCH_ORIGIN (the origin the real server answers with, for content URIs).
import { AsyncLocalStorage } from "node:async_hooks";
import { openDatabase } from "@/lib/db/connection";
import { bareServer } from "./bare-server";
import { serveBenchChild } from "./serve-child";

// BENCH_BARE_ASYNC_CONTEXT=1: an async context is live, as in the route server (Next.js and the request id keep
// one). On Node 20 that turns on V8's promise hooks for every promise the process makes, whoever made it.
if (process.env.BENCH_BARE_ASYNC_CONTEXT === "1") new AsyncLocalStorage<{ bare: true }>().enterWith({ bare: true });

// BENCH_BARE_HEAP_MB=n: about n MB of long-lived small objects, as a process that loaded Next.js holds (its
// module graph, caches and compiled routes), so the collector has the route server's old space to mark.
const ballast: Array<{ key: string; next: unknown }> = [];
for (let i = 0, end = Number(process.env.BENCH_BARE_HEAP_MB ?? 0) * 10_000; i < end; i++) ballast.push({ key: `entry ${i} ${"x".repeat(40)}`, next: ballast[i - 1] });

const handle = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, sqliteFile: process.env.BENCH_SQLITE_FILE ?? "" });
const server = bareServer(handle.db, process.env.BENCH_ORIGIN ?? "http://127.0.0.1");
serveBenchChild(server, () => handle.close());
