import { sql, type RawBuilder } from "kysely";
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
