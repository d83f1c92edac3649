import path from "node:path";
import { parseServerEnv } from "@/lib/config/server-env";
import { isPostgresUrl } from "@/lib/db/connection";
import { logError, registerSecret } from "@/lib/log";
import { startBountyService } from "./server";
import { openBountyStore } from "./state-store";

// `npm run bounty`: the bounty read service on BOUNTY_HOST:BOUNTY_PORT (default 127.0.0.1:46331),
// reading the project's database read-only: PostgreSQL when DATABASE_URL is set, otherwise the
// SQLite file the web server writes (<CAPSULE_DATA_DIR>/capsule.sqlite).
// Runs under plain tsx, so nothing here may import a "server-only" module.

async function main(): Promise<void> {
  const env = parseServerEnv();
  if (env.DATABASE_URL && isPostgresUrl(env.DATABASE_URL)) registerSecret(new URL(env.DATABASE_URL).password || undefined);
  const store = openBountyStore({ DATABASE_URL: env.DATABASE_URL, dataDir: path.resolve(env.CAPSULE_DATA_DIR) });

  console.log(`capsule-bounty: reading bounty state read-only from ${store.source}`);
  try {
    const counts = await store.counts();
    console.log(`capsule-bounty: state readable: ${counts.proposals} proposals, ${counts.evaluations} evaluations`);
  } catch (error) {
    console.log(
      `capsule-bounty: state not readable yet (${error instanceof Error ? error.message : String(error)}); ` +
        "routes answer 503 bounty_state_unavailable until it is (load it with `npm run bounty:load -- <export.json>`)",
    );
  }

  const service = await startBountyService({
    host: env.BOUNTY_HOST,
    port: env.BOUNTY_PORT,
    store,
    headersTimeoutMs: env.CAPSULE_HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.CAPSULE_HTTP_REQUEST_TIMEOUT_MS,
  });
  console.log(`capsule-bounty: listening on ${service.url} (GET /health, /v1/bounty-proposals, /v1/bounty-evaluations)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`capsule-bounty: ${signal} received, stopping`);
    await service.close(); // closes the store too
    console.log("capsule-bounty: stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  logError("bounty", error);
  process.exit(1);
});
