import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startStack } from "@/test/support/stack";

// A DATABASE_URL that points at no PostgreSQL, or at a database that does not exist, stops the start
// with a last line that names the server (host, port, database; never the URL's password), says
// why in words and how to get out of it, rather than only "connect ECONNREFUSED". So does a
// CAPSULE_NODE_RPC_URL where no chain node answers (host and port only: a provider's URL holds its key).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsule-database-unreachable-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startFailure(databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<string> {
  return startStack({ database: databaseUrl ? "postgres" : "sqlite", dataDir, databaseUrl, env }).then(
    async (started) => {
      await started.stop();
      throw new Error(`the stack started on ${databaseUrl ?? JSON.stringify(env)}`);
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe("a PostgreSQL the start cannot use", () => {
  it("names the server without its password when nothing listens there", async () => {
    // port 1 on loopback: nothing listens, the connection is refused at once
    const message = await startFailure("postgres://capsule:s3cret-pass@127.0.0.1:1/newsroom");
    expect(message).toContain("[capsule] start failed: PostgreSQL at 127.0.0.1:1/newsroom (DATABASE_URL) refused the connection");
    expect(message).toContain("ECONNREFUSED");
    expect(message).toContain("leave it unset to run on the embedded SQLite database");
    expect(message).not.toContain("s3cret-pass");
    // told before anvil starts and the contracts are deployed, not half a minute later
    expect(message).toContain("[capsule] checking PostgreSQL at 127.0.0.1:1/newsroom…");
    expect(message).not.toContain("starting anvil");
  });

  it("says that the database does not exist", async () => {
    const message = await startFailure("postgres://postgres@127.0.0.1:5432/capsule_no_such_database");
    expect(message).toContain("[capsule] start failed: PostgreSQL at 127.0.0.1:5432/capsule_no_such_database (DATABASE_URL) has no such database: create it first");
    expect(message).not.toContain("starting anvil");
  });
});

describe("an external chain node that does not answer", () => {
  it("names the node by host and port, never the URL's credentials or key, and says how to get out", async () => {
    const message = await startFailure(undefined, {
      CAPSULE_NODE_RPC_URL: "http://rpc-user:rpc-pass@127.0.0.1:1/v2/provider-key-123",
      // a key of its own: the public development keys are refused with any node but the bundled anvil
      CAPSULE_OPERATOR_KEY: `0x${"5a".repeat(32)}`,
    });
    expect(message).toContain("[capsule] start failed: the chain node at http://127.0.0.1:1 (CAPSULE_NODE_RPC_URL) could not be reached");
    expect(message).toContain("leave it unset to run the bundled anvil");
    for (const secret of ["rpc-pass", "provider-key-123"]) expect(message).not.toContain(secret);
  });
});
