import type { Db, Dialect } from "@/lib/db/database";
import { startDuties, stopDuties, type StartedDuty } from "./duties";
import { publishLeadership } from "./leadership-state";
import { releaseLeaderLock, shortenKeepalives, stillHoldsLeaderLock, tryLeaderLock } from "@/lib/db/leader-lock";

/** Work exactly one server runs at a time (the indexer, the operator outbox worker). */
export type LeaderDuty = { name: string; start: () => Promise<{ stop: () => Promise<void> }> };

export type Leadership = { isLeader(): boolean; stop(): Promise<void> };

/** How often the leader checks it still holds the lock, and a follower tries to take it. */
export const LEADER_CHECK_MS = 1_000;
export const FOLLOWER_RETRY_MS = 1_000;
/**
 * How long a follower that takes the lock over waits before starting the duties: a leader whose
 * session died keeps running them until its next check (LEADER_CHECK_MS, later on a busy host),
 * so the new leader gives it that long and more to notice and stop.
 */
export const TAKEOVER_GRACE_MS = 2 * LEADER_CHECK_MS + 500;

/**
 * Runs `duties` on exactly one server among those sharing the database. SQLite: one server, always
 * the leader. PostgreSQL: the leader holds a session advisory lock on a connection of its own for as
 * long as it leads; the others try to take it every second, so when the leader dies (its session
 * ends and PostgreSQL releases the lock) another takes the lock within about a second and starts
 * the duties after TAKEOVER_GRACE_MS (about four seconds in all). A leader that
 * loses its connection stops its duties at once. Resolves once this server knows whether it leads.
 */
export async function runLeaderDuties(options: { db: Db; dialect: Dialect; duties: LeaderDuty[]; log?: (m: string) => void }): Promise<Leadership> {
  const log = options.log ?? (() => undefined);
  const names = options.duties.map((d) => d.name);
  if (options.dialect === "sqlite") {
    const started = await startDuties(options.duties, log);
    publishLeadership({ role: "leader", duties: names, since: Date.now() });
    return {
      isLeader: () => true,
      stop: async () => {
        await stopDuties(started, log);
        publishLeadership(undefined);
      },
    };
  }

  let leader = false;
  let stopping = false;
  let wake: (() => void) | undefined;
  let decided!: () => void;
  const firstDecision = new Promise<void>((resolve) => (decided = resolve));
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  let role: "leader" | "follower" | undefined;
  const become = (next: "leader" | "follower") => {
    leader = next === "leader";
    if (next !== role) publishLeadership({ role: next, duties: names, since: Date.now() });
    role = next;
  };

  // Whether another server led while this one ran: then taking the lock is a takeover, and the
  // previous leader may still be running its duties for up to a check interval.
  let sawAnotherLeader = false;

  /** One try: take the lock; if taken, run the duties until stopped or the lock is lost. */
  const attempt = () =>
    options.db.connection().execute(async (conn) => {
      if (!(await tryLeaderLock(conn))) {
        sawAnotherLeader = true;
        return false;
      }
      let started: StartedDuty[] = [];
      try {
        await shortenKeepalives(conn);
        if (sawAnotherLeader) {
          log(`leadership: took the lock over; waiting ${TAKEOVER_GRACE_MS} ms for the previous leader to stop its duties`);
          await sleep(TAKEOVER_GRACE_MS);
          if (stopping) return true;
          if (!(await stillHoldsLeaderLock(conn))) throw new Error("the leader lock is no longer held");
        }
        started = await startDuties(options.duties, log);
        become("leader");
        log(`leadership: this server leads (${names.join(", ") || "no duties"})`);
        decided();
        while (!stopping) {
          await sleep(LEADER_CHECK_MS);
          if (!stopping && !(await stillHoldsLeaderLock(conn))) throw new Error("the leader lock is no longer held");
        }
        return true;
      } finally {
        become("follower");
        await stopDuties(started, log);
        await releaseLeaderLock(conn).catch(() => undefined);
        if (!stopping) log("leadership: this server no longer leads");
      }
    });

  const loop = (async () => {
    let lastError = "";
    let announced = false;
    while (!stopping) {
      try {
        const led = await attempt();
        lastError = "";
        if (!led && !announced) log("leadership: another server leads; this server follows its checkpoint");
        announced = !led;
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
        if (message !== lastError) log(`leadership: ${message}; trying again`);
        lastError = message;
        announced = false;
      }
      become("follower");
      decided();
      if (!stopping) await sleep(FOLLOWER_RETRY_MS + Math.floor(Math.random() * 250));
    }
  })();

  await firstDecision;
  return {
    isLeader: () => leader,
    stop: async () => {
      stopping = true;
      wake?.();
      await loop;
      publishLeadership(undefined);
    },
  };
}
