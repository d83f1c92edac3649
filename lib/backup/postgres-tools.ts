import { spawn, spawnSync } from "node:child_process";
import { redact } from "@/lib/log";

// pg_dump / pg_restore for the PostgreSQL part of a backup. The connection goes through libpq's
// PG* variables, never the command line, so the password does not show in `ps`.
export class ToolMissingError extends Error {
  constructor(
    readonly tool: "pg_dump" | "pg_restore",
    readonly instructions: string,
  ) {
    super(`${tool} was not found on PATH.\n${instructions}`);
    this.name = "ToolMissingError";
  }
}

export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["PGHOST", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE", "PGSSLMODE", "DATABASE_URL"]) delete env[name];
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** The tool's version ("15.20"), or undefined when it is not installed. */
export function toolVersion(tool: "pg_dump" | "pg_restore"): string | undefined {
  const result = spawnSync(tool, ["--version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return undefined;
  return /(\d+(?:\.\d+)*)/.exec(result.stdout)?.[1];
}

function run(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: libpqEnv(databaseUrl), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(redact(`${tool} exited with code ${code}: ${stderr.trim()}`)));
    });
  });
}

export const DUMP_ARGS = ["--format=custom", "--no-owner", "--no-privileges"];
export const RESTORE_ARGS = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"];

export async function pgDump(databaseUrl: string, file: string): Promise<string> {
  const version = toolVersion("pg_dump");
  if (!version) {
    throw new ToolMissingError(
      "pg_dump",
      "Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) and run the backup again, or take the SQL part\n" +
        "yourself, first, and the rest of the data directory (vault, deployment.json, anvil-state.json) after it:\n" +
        `  pg_dump ${DUMP_ARGS.join(" ")} --file=capsule.pgdump "$DATABASE_URL"`,
    );
  }
  await run("pg_dump", [...DUMP_ARGS, `--file=${file}`], databaseUrl);
  return version;
}

export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  if (!toolVersion("pg_restore")) {
    throw new ToolMissingError(
      "pg_restore",
      "Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) and run the restore again, or restore the\n" +
        "SQL part yourself into the empty database from database/capsule.pgdump in the archive (after checking the archive):\n" +
        `  pg_restore ${RESTORE_ARGS.join(" ")} --dbname="$DATABASE_URL" capsule.pgdump`,
    );
  }
  // Without --dbname pg_restore prints a script instead of restoring; the name alone carries no secret.
  const database = libpqEnv(databaseUrl).PGDATABASE ?? "postgres";
  await run("pg_restore", [...RESTORE_ARGS, `--dbname=${database}`, file], databaseUrl);
}
