import { CompiledQuery, sql, type RawBuilder } from "kysely";
import type { DbOrTrx } from "./database";
import { dialectOf } from "./dialect";

export const isPostgres = (db: DbOrTrx) => dialectOf(db) === "postgres";

/** Rows per statement when each column is bound as one array (PostgreSQL), against a few hundred bound values per row otherwise. */
export const UNNEST_ROWS_PER_INSERT = 5_000;

/**
 * PostgreSQL: `rows` as `select * from unnest($1::type[], $2::type[], …)`, for
 * `insertInto(…).columns(…).expression(…)`. One bound array per column, whatever the row count, so
 * the server parses a short statement instead of one with thousands of parameters. `columns` must
 * list the insert's columns in the same order, each with its PostgreSQL type.
 */
export function unnestRows<R>(rows: readonly R[], columns: ReadonlyArray<readonly [keyof R & string, string]>): RawBuilder<unknown> {
  const arrays = columns.map(([column, type]) => sql`${rows.map((row) => row[column])}::${sql.raw(type)}[]`);
  return sql`select * from unnest(${sql.join(arrays)})`;
}

/** Bound values per SQLite statement (its limit is 32,766): a few hundred rows. */
const SQLITE_VALUES_PER_INSERT = 4_500;

export type SqliteInsert<T> = {
  table: string;
  columns: readonly string[];
  /** ON CONFLICT (these columns) DO NOTHING */
  conflict?: readonly string[];
  returning?: readonly string[];
  /** Appends the row's values to `params`, in `columns` order. */
  values: (row: T, params: unknown[]) => void;
};

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

/**
 * SQLite: `rows` inserted a few hundred per statement whose SQL is written here as text, the same for
 * every full chunk, so the connection's statement cache keeps it prepared; Kysely's builder would make
 * and compile a node per value (most of a back-fill's insert time). Answers the returned rows.
 */
export async function insertRowsSqlite<T, R = Record<string, unknown>>(db: DbOrTrx, insert: SqliteInsert<T>, rows: readonly T[]): Promise<R[]> {
  const perInsert = Math.max(1, Math.floor(SQLITE_VALUES_PER_INSERT / insert.columns.length));
  const placeholders = `(${insert.columns.map(() => "?").join(", ")})`;
  const head = `insert into "${insert.table}" (${quoted(insert.columns)}) values `;
  const tail = `${insert.conflict ? ` on conflict (${quoted(insert.conflict)}) do nothing` : ""}${insert.returning ? ` returning ${quoted(insert.returning)}` : ""}`;
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += perInsert) {
    const end = Math.min(rows.length, start + perInsert);
    const params: unknown[] = [];
    for (let i = start; i < end; i++) insert.values(rows[i]!, params);
    const text = `${head}${`${placeholders}, `.repeat(end - start - 1)}${placeholders}${tail}`;
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, params));
    for (const row of result.rows) returned.push(row);
  }
  return returned;
}
