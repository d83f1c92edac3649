import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresAvailable } from "@/test/support/postgres";
import { openDatabase, type DatabaseHandle } from "./connection";
import { dialectOf } from "./dialect";

const dialects: Array<"sqlite" | "postgres"> = (await postgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];

describe.each(dialects)("dialectOf on %s", (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-dialect-"));
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await handle?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers the dialect a database was opened with, for the database and for its transactions", async () => {
    const database = dialect === "postgres" ? await createTestDatabase() : undefined;
    drop = database?.drop;
    handle = openDatabase({ databaseUrl: database?.url, sqliteFile: path.join(dir, "dialect.sqlite") });
    expect(dialectOf(handle.db)).toBe(dialect);
    expect(await handle.db.transaction().execute(async (trx) => dialectOf(trx))).toBe(dialect);
  });
});
