import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { z } from "zod";
import type { BountyTables } from "@/lib/db/tables/bounty.table";
import {
  bountyEvaluationRecordSchema,
  bountyProposalRecordSchema,
  type BountyEvaluation,
  type BountyProposal,
} from "@/features/bounty/bounty.schema";
import { evaluationFromRow, proposalFromRow } from "./bounty-rows";
import { countBountyRecords, firstBountyRecords, pageOfEvaluations, pageOfProposals } from "./bounty.repository";

// Read-only access to the bounty tables for the bounty read service. Separate from lib/db/client.ts:
// this process never writes, never migrates, and must answer 503 rather than create a missing
// database. Any failure (no file, not a database, no tables, a row that is not a valid record,
// Postgres unreachable) surfaces as BountyStateUnavailable.

export class BountyStateUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BountyStateUnavailable";
  }
}

export type BountyCounts = { proposals: number; evaluations: number };
export type BountyPageQuery = { limit: number; offset: number };

export interface BountyStore {
  /** Where the state is read from, without credentials (for logs). */
  readonly source: string;
  /** Counts both tables and validates the first record of each. */
  counts(): Promise<BountyCounts>;
  listProposals(query: BountyPageQuery): Promise<BountyProposal[]>;
  listEvaluations(query: BountyPageQuery & { proposalId?: string }): Promise<BountyEvaluation[]>;
  close(): Promise<void>;
}

/** Explicit locations, or the server config (DATABASE_URL, dataDir) as the start script passes it. */
export type BountyStoreOptions =
  | { databaseUrl?: string; sqliteFile: string }
  | { DATABASE_URL?: string; dataDir: string };
type Location = { databaseUrl?: string; sqliteFile: string };

/** The project's database, as lib/db/client.ts opens it for the web server. */
export function bountyStoreLocation(options: BountyStoreOptions): Location {
  if ("sqliteFile" in options) return { databaseUrl: options.databaseUrl, sqliteFile: path.resolve(options.sqliteFile) };
  return { databaseUrl: options.DATABASE_URL, sqliteFile: path.resolve(options.dataDir, "capsule.sqlite") };
}

type Reader = Kysely<BountyTables>;

function sqliteReader(file: string): Reader {
  // fileMustExist: a missing database is a 503, never an empty new file.
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<BountyTables>({ dialect: new SqliteDialect({ database: sqlite }) });
}

function postgresReader(url: string): Reader {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 5000,
    // The server refuses writes from this session even if a bug tried one.
    options: "-c default_transaction_read_only=on",
  });
  pool.on("error", () => {}); // an idle client dropped by the server: the next query reconnects
  return new Kysely<BountyTables>({ dialect: new PostgresDialect({ pool }) });
}

function describe(options: Location): string {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const url = new URL(options.databaseUrl);
    return `postgres://${url.host}${url.pathname}`;
  }
  return `sqlite:${options.sqliteFile}`;
}

function parseRecord<T extends z.ZodType>(schema: T, value: Record<string, unknown>, table: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => i.path.join(".") || "(root)").join(", ");
  throw new BountyStateUnavailable(`${table} row ${JSON.stringify(value.id)} is not a valid record (${fields})`);
}

export function openBountyStore(where: BountyStoreOptions): BountyStore {
  const options = bountyStoreLocation(where);
  const postgres = options.databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(options.databaseUrl);
  let reader: Reader | undefined;

  // SQLite is opened on first use and reopened after a failure, so a database created, repaired or
  // replaced after the service started is picked up without a restart.
  async function withReader<T>(work: (db: Reader) => Promise<T>): Promise<T> {
    try {
      reader ??= postgres ? postgresReader(options.databaseUrl as string) : sqliteReader(options.sqliteFile);
      return await work(reader);
    } catch (error) {
      if (!postgres && reader) {
        const stale = reader;
        reader = undefined;
        await stale.destroy().catch(() => {});
      }
      if (error instanceof BountyStateUnavailable) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BountyStateUnavailable(`bounty state cannot be read: ${reason}`, { cause: error });
    }
  }

  return {
    source: describe(options),

    counts: () =>
      withReader(async (db) => {
        const [counted, first] = await Promise.all([countBountyRecords(db), firstBountyRecords(db)]);
        if (first.proposal) parseRecord(bountyProposalRecordSchema, proposalFromRow(first.proposal), "bounty_proposals");
        if (first.evaluation) parseRecord(bountyEvaluationRecordSchema, evaluationFromRow(first.evaluation), "bounty_evaluations");
        return counted;
      }),

    listProposals: ({ limit, offset }) =>
      withReader(async (db) => {
        const rows = await pageOfProposals(db, limit, offset);
        return rows.map((row) => parseRecord(bountyProposalRecordSchema, proposalFromRow(row), "bounty_proposals"));
      }),

    listEvaluations: ({ limit, offset, proposalId }) =>
      withReader(async (db) => {
        const rows = await pageOfEvaluations(db, limit, offset, proposalId);
        return rows.map((row) => parseRecord(bountyEvaluationRecordSchema, evaluationFromRow(row), "bounty_evaluations"));
      }),

    async close() {
      const current = reader;
      reader = undefined;
      await current?.destroy();
    },
  };
}
