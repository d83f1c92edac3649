import { sql } from "kysely";
import pg from "pg";
import { z } from "zod";
import type { Trx } from "@/lib/db/database";
import { isOwnWriteNotice, noteFeedListening, noteFeedNotice, WRITES_CHANNEL } from "@/lib/db/postgres-generation";
import { emitProjectionChange, feedOrigin, type ProjectionChange } from "./change-feed";

// With several servers on one PostgreSQL the leader NOTIFYs each change inside the batch's own
// transaction (PostgreSQL delivers it exactly when that commits) and every server LISTENs and
// re-emits it locally, so live pages on followers move too.
export const PROJECTION_CHANNEL = "capsule_projection";
/** PostgreSQL's payload limit is 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 8000;

const ZPayload = z.object({
  o: z.string(),
  f: z.number().int(),
  t: z.number().int(),
  r: z.tuple([z.number().int(), z.number().int()]).optional(),
  c: z.array(z.string()).optional(),
  w: z.array(z.string()).optional(),
  k: z.array(z.string()).optional(),
  n: z.array(z.string()).optional(),
  x: z.literal(1).optional(),
});

/** A compact payload; when the lists do not fit, "something changed from f to t". */
export function encodeChange(change: ProjectionChange, origin: string): string {
  const head = { o: origin, f: change.fromBlock, t: change.toBlock, ...(change.rewound ? { r: [change.rewound.forkBlock, change.rewound.depth] } : {}) };
  const full = JSON.stringify({ ...head, c: change.capsuleIds, w: change.wallets, k: change.caseIds, n: change.kinds });
  return Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : JSON.stringify({ ...head, x: 1 });
}

export function decodeChange(payload: string): { origin: string; change: ProjectionChange } | undefined {
  let parsed: z.infer<typeof ZPayload>;
  try {
    parsed = ZPayload.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
  return {
    origin: parsed.o,
    change: {
      fromBlock: parsed.f,
      toBlock: parsed.t,
      ...(parsed.r ? { rewound: { forkBlock: parsed.r[0], depth: parsed.r[1] } } : {}),
      capsuleIds: parsed.c ?? [],
      wallets: parsed.w ?? [],
      caseIds: parsed.k ?? [],
      kinds: parsed.n ?? [],
      ...(parsed.x ? { truncated: true as const } : {}),
    },
  };
}

/** Inside the transaction that commits the change. */
export async function notifyProjectionChange(trx: Trx, change: ProjectionChange): Promise<void> {
  await sql`select pg_notify(${PROJECTION_CHANNEL}, ${encodeChange(change, feedOrigin())})`.execute(trx);
}

/**
 * LISTENs on a dedicated connection and re-emits other servers' changes through
 * onProjectionChange (this server's own are emitted directly after their commit). Every
 * notification, on this channel or WRITES_CHANNEL, also moves the generation remembered answers are
 * checked against (lib/db/postgres-generation.ts). Reconnects.
 */
export async function listenForProjectionChanges(options: { databaseUrl: string; log?: (m: string) => void }): Promise<{ stop: () => Promise<void> }> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let lastError = "";
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    next.on("notification", (message) => {
      // this server's own writes and changes were counted when they committed; only others' move the generation here
      if (message.channel === WRITES_CHANNEL) {
        if (!isOwnWriteNotice(message.payload)) noteFeedNotice();
        return;
      }
      if (message.channel !== PROJECTION_CHANNEL || !message.payload) return;
      const decoded = decodeChange(message.payload);
      if (decoded?.origin === feedOrigin()) return;
      noteFeedNotice();
      if (decoded) emitProjectionChange(decoded.change);
    });
    next.on("error", () => undefined); // followed by "end"
    next.on("end", () => {
      if (client === next) {
        client = undefined;
        noteFeedListening(false);
      }
      if (!stopped) schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${PROJECTION_CHANNEL}; listen ${WRITES_CHANNEL}`);
      if (stopped) return void (await next.end());
      client = next;
      noteFeedListening(true);
      if (lastError) options.log?.("change feed: listening again");
      lastError = "";
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastError) options.log?.(`change feed: cannot LISTEN (${message}); retrying`);
      lastError = message;
      await next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  };
  await connect();
  return {
    stop: async () => {
      stopped = true;
      noteFeedListening(false);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
