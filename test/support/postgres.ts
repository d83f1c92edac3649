import net from "node:net";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.CAPSULE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** True when the PostgreSQL of this machine answers on 127.0.0.1:5432. */
export async function postgresAvailable(): Promise<boolean> {
  const url = new URL(POSTGRES_ADMIN_URL);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (!reachable) return false;
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a fresh database for one test run; drop() removes it. */
export async function createTestDatabase(prefix = "capsule_test"): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
