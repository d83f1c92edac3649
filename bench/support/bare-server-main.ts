// Entry of the bare server child process (see bare-process.ts). Env: BENCH_SQLITE_FILE or
// BENCH_DATABASE_URL, BENCH_ORIGIN (the origin the real server answers with, for content URIs).
import { openDatabase } from "@/lib/db/connection";
import { bareServer } from "./bare-server";

const handle = openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, sqliteFile: process.env.BENCH_SQLITE_FILE ?? "" });
const server = bareServer(handle.db, process.env.BENCH_ORIGIN ?? "http://127.0.0.1");
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`[bare] listening ${typeof address === "object" && address ? address.port : 0}`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => void handle.close().finally(() => process.exit(0)));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
