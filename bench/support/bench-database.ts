import { createTestDatabase } from "@/test/support/postgres";
import { onCleanup } from "./cleanup";

/** A dedicated PostgreSQL database `capsule_bench_*` for one bench part; dropped by drop() or on Ctrl-C. */
export async function benchDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const database = await createTestDatabase("capsule_bench");
  return { ...database, drop: onCleanup(database.drop) };
}
