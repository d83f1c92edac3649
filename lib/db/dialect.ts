import type { DbOrTrx, Dialect } from "./database";
import { processHolder } from "@/lib/process-registry";

// The dialect of each opened database, for code handed only a Kysely instance or a transaction. Keyed
// by the dialect adapter, which a database shares with its transactions. In the process registry: Next bundles
// this module into several chunks, each with its own module state.
const registry = processHolder<{ capsuleDbDialects: WeakMap<object, Dialect> }>("databaseDialects");
const dialects = (registry.capsuleDbDialects ??= new WeakMap<object, Dialect>());

const adapterOf = (db: DbOrTrx): object => db.getExecutor().adapter;

/** Called by `openDatabase` for every database it opens. */
export function registerDialect(db: DbOrTrx, dialect: Dialect): void {
  dialects.set(adapterOf(db), dialect);
}

/** The dialect `db` (or the database of transaction `db`) was opened with; SQLite for one opened elsewhere. */
export const dialectOf = (db: DbOrTrx): Dialect => dialects.get(adapterOf(db)) ?? "sqlite";
