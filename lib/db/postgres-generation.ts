import { randomBytes } from "node:crypto";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import { processHolder } from "@/lib/process-registry";
import { writeMovesAnswers } from "./write-targets";

// PostgreSQL's generation: what a remembered answer is checked against (DatabaseHandle.generation).
// Other servers write to the same database, so the generation moves with two things, and an age
// bound covers a third:
// - every NOTIFY on the change feed's channels, from any server: the leader's indexer batches, the
//   bridge's changes, and WRITES_CHANNEL, which every server's pool sends inside each transaction
//   that wrote a table remembered answers read (PostgreSQL delivers it when that commits, once);
// - this server's own writes, counted around each statement and again when its transaction ends,
//   so its own write is never missed for want of its notification having arrived yet;
// - for writes from outside any server (a restore, psql), a bound on each answer's age
//   (CAPSULE_PG_REMEMBER_MS): each answer is given up that long after the generation it was read at.
//   Each by itself, counted from its own read: a shared time bucket ended every answer at once, and
//   every popular URL was read again in the same moment.
// While the feed's connection is not listening nothing is remembered (the generation is undefined).

/** Every server's pool NOTIFYs this channel (its origin as payload) when it commits a write that moves answers. */
export const WRITES_CHANNEL = "capsule_writes";

type GenerationState = {
  /** This process's name in WRITES_CHANNEL payloads: its own notices come back and are not counted again. */
  origin: string;
  listening: boolean;
  notices: number;
  writes: number;
  rememberMs: number;
};

const holder = processHolder<{ state: GenerationState }>("postgresGeneration");

function state(): GenerationState {
  holder.state ??= { origin: randomBytes(8).toString("hex"), listening: false, notices: 0, writes: 0, rememberMs: 2000 };
  return holder.state;
}

/** How long an answer may be remembered at most: the staleness bound for writes that send no NOTIFY (CAPSULE_PG_REMEMBER_MS; 0: none). */
export function setRememberBound(ms: number): void {
  state().rememberMs = ms;
}

/** The bound set by setRememberBound, in milliseconds. */
export const rememberBoundMs = () => state().rememberMs;

/** The change feed's LISTEN connection is up (true) or lost (false); either way older answers are gone. */
export function noteFeedListening(listening: boolean): void {
  const current = state();
  current.listening = listening;
  current.notices++;
}

/** Something another server committed was announced (or a checkpoint was seen that may precede its notice). */
export function noteFeedNotice(): void {
  state().notices++;
}

/** Whether a WRITES_CHANNEL payload is this process's own write, already counted when it committed. */
export const isOwnWriteNotice = (payload: string | undefined) => payload === state().origin;

export function postgresGeneration(): string | undefined {
  const current = state();
  if (!current.listening || current.rememberMs <= 0) return undefined;
  return `${current.notices}:${current.writes}`;
}

const TRANSACTION_START = /^\s*(?:begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b(?!\s+to\b)/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const READ_ONLY = /^\s*(?:select|show|savepoint|release|rollback\s+to|set|listen|unlisten|explain)\b/i;
const WRITE_VERB = /\b(?:insert|update|delete|merge|truncate)\b/i;

/** Whether a PostgreSQL statement may change rows a remembered answer was built from. */
export function statementMovesAnswers(sqlText: string): boolean {
  if (READ_ONLY.test(sqlText) || TRANSACTION_START.test(sqlText) || TRANSACTION_END.test(sqlText)) return false;
  if (/^\s*with\b/i.test(sqlText)) return WRITE_VERB.test(sqlText);
  return writeMovesAnswers(sqlText);
}

/**
 * A pool whose clients count this server's writes. A write is counted before it runs and again once
 * it is committed (the end of its transaction, or the statement itself outside one): an answer read
 * while the write was in flight carries a generation the committed state no longer has.
 */
export function countingPool(pool: PostgresPool): PostgresPool {
  const count = () => void state().writes++;
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let inTransaction = false;
      let wrote = false;
      const notifyOthers = () => client.query(`select pg_notify('${WRITES_CHANNEL}', $1)`, [state().origin]);
      const query = async (sqlText: string, parameters: ReadonlyArray<unknown>) => {
        const starts = TRANSACTION_START.test(sqlText);
        const ends = TRANSACTION_END.test(sqlText);
        const moves = !starts && !ends && statementMovesAnswers(sqlText);
        if (moves) count();
        // inside the transaction, so the other servers hear of it exactly when (and only if) it commits
        if (wrote && COMMIT.test(sqlText)) await notifyOthers();
        try {
          const result = await client.query(sqlText, parameters);
          if (moves && !inTransaction) await notifyOthers();
          return result;
        } finally {
          if (starts) inTransaction = true;
          else if (ends) {
            if (wrote) count();
            inTransaction = false;
            wrote = false;
          } else if (moves) {
            if (inTransaction) wrote = true;
            else count();
          }
        }
      };
      const counted: PostgresPoolClient = {
        query: ((...args: [string, ReadonlyArray<unknown>] | [unknown]) =>
          typeof args[0] === "string" ? query(args[0], args[1] as ReadonlyArray<unknown>) : client.query(args[0] as never)) as PostgresPoolClient["query"],
        release: () => {
          // a client given back inside a transaction (an error path) may have written: count it
          if (wrote) count();
          inTransaction = false;
          wrote = false;
          client.release();
        },
      };
      return counted;
    },
  };
}
