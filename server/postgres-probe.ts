import pg from "pg";
import { describePostgresUrl, postgresStartError } from "./start-failure";

/**
 * Connects to DATABASE_URL's PostgreSQL once and asks it one trivial question, before the start spends
 * half a minute on anvil and the contracts: a server that is down, a database that does not exist or
 * a refused login is told at once, in words (server/start-failure.ts).
 */
export async function checkPostgresReachable(databaseUrl: string, say: (line: string) => void): Promise<void> {
  say(`checking PostgreSQL at ${describePostgresUrl(databaseUrl)}…`);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // a connection that breaks after connecting would otherwise be an unhandled 'error' event
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    throw postgresStartError(error, databaseUrl);
  } finally {
    await client.end().catch(() => undefined);
  }
}
