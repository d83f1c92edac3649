import "server-only";
import type { Db } from "@/lib/db/database";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { listClaims } from "@/features/capsules/capsule-claims.repository";
import { openCasesWithFinalJury, undrawnJuryCases, unfiledJuryCases } from "@/features/court/jury.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { operatorCalls } from "@/lib/chain/operator/operator-calls";
import { queueOperatorTx } from "@/lib/chain/operator/queue-operator-tx";
import { awaitOperatorTx } from "@/lib/chain/operator/await-operator-tx";
import { claimKey } from "@/lib/chain/jury-claims";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { logError, logInfo } from "@/lib/log";
import { caseParties } from "./case-parties";
import { fileCourtCase } from "./file-case";
import { settleJuryCase } from "./jury-settle";
import { UNFILED_GROUNDS } from "./unfiled-grounds";

// A JuryCourt case is opened on chain by its challenger and then filed at the bridge with its grounds.
// One that is never filed still holds the capsule's only case slot on chain (no one else can dispute it)
// while readers would see no case and no `contested` label, and its final finding would reach no label.
// So the leader files every case its challenger left unfiled for `graceMs` (counted from when this
// leader first saw it, so a chain clock that stands still does not matter), under placeholder grounds
// the challenger may still replace; and it settles every open case whose jury is final on chain, which
// otherwise only a request to the bridge (a relayed action or "move the case on") would do.
//
// It also draws every jury whose scheduled block has passed. The draw's seed is that block's hash, so once it is
// mined anyone can compute the jury; a party who dislikes it could leave `draw` uncalled for 256 blocks, after which
// the contract schedules a new draw, and so pick among juries while the other side is not watching. Drawn as soon as
// it can be, the jury is the first one the chain offers.

/** Files one unfiled jury case as a court case (its claim keys mapped back to the capsule's claim ids); answers the court case id. */
export async function fileUnfiledJuryCase(db: Db, jury: JuryCaseRow, now: number): Promise<number | undefined> {
  const capsule = await findCapsule(db, jury.capsule_id);
  if (!capsule) return undefined;
  const byKey = new Map((await listClaims(db, capsule.id)).map((claim) => [claimKey(claim.id).toLowerCase(), claim.id]));
  const claimIds = (JSON.parse(jury.claim_ids_json) as string[]).map((key) => byKey.get(key.toLowerCase())).filter((id): id is number => id !== undefined);
  const row = await fileCourtCase(db, {
    capsule,
    opener: jury.challenger,
    juryCaseId: jury.case_id,
    claimIds,
    grounds: UNFILED_GROUNDS,
    claim: null,
    evidenceId: null,
    requestedLabel: null,
    bond: null,
    parties: await caseParties(db, capsule),
    at: await activityTime(now),
  });
  return row.id;
}

export type JuryFilerOptions = { db: Db; pollMs: number; graceMs: number; log?: (message: string) => void };

/** Draws the jury of every case whose scheduled draw block has passed (one operator transaction each, awaited); answers the jury case ids drawn. */
export async function drawDueJuries(options: Pick<JuryFilerOptions, "db" | "log">): Promise<number[]> {
  const undrawn = await undrawnJuryCases(options.db);
  if (undrawn.length === 0) return [];
  const head = await chainClients().publicClient.getBlockNumber({ cacheTime: 0 });
  const drawn: number[] = [];
  for (const jury of undrawn) {
    if (jury.draw_block === null || BigInt(jury.draw_block) >= head) continue;
    try {
      // the dry run refuses a draw someone else made meanwhile (AlreadyDrawn): nothing is sent then
      const queued = await queueOperatorTx(options.db, "draw the jury", operatorCalls.draw(BigInt(jury.case_id)), { purpose: "court.jury", links: { capsuleId: jury.capsule_id } });
      const outcome = await awaitOperatorTx(options.db, queued);
      if (outcome.status === "mined") {
        drawn.push(jury.case_id);
        options.log?.(`jury case ${jury.case_id}: drew the jury of round ${jury.round + 1} (its draw block ${jury.draw_block} has passed)`);
      }
    } catch (error) {
      logInfo("jury-filer", "a jury could not be drawn", { juryCaseId: jury.case_id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return drawn;
}

/** One pass: draws the juries due, files the cases unfiled for longer than the grace, settles the final ones. `firstSeen` persists between passes. */
export async function fileAndSettleOnce(options: JuryFilerOptions, firstSeen: Map<number, number>): Promise<{ filed: number[]; settled: number[]; drawn: number[] }> {
  let drawn: number[] = [];
  try {
    drawn = await drawDueJuries(options);
  } catch (error) {
    // the node unreachable: filing and settling below read SQL only and go on
    logError("jury-filer", error);
  }
  const nowMs = Date.now();
  const unfiled = await unfiledJuryCases(options.db);
  const pending = new Set(unfiled.map((jury) => jury.case_id));
  for (const id of [...firstSeen.keys()]) if (!pending.has(id)) firstSeen.delete(id);
  const filed: number[] = [];
  for (const jury of unfiled) {
    const seen = firstSeen.get(jury.case_id) ?? nowMs;
    firstSeen.set(jury.case_id, seen);
    if (nowMs - seen < options.graceMs) continue;
    try {
      const id = await fileUnfiledJuryCase(options.db, jury, Math.floor(nowMs / 1000));
      if (id !== undefined) {
        filed.push(id);
        options.log?.(`jury case ${jury.case_id} was never filed by its challenger: filed as court case ${id}`);
      }
    } catch (error) {
      // another open case on the capsule (a clerk case of an older version) or a filing that raced this one
      logInfo("jury-filer", "an unfiled jury case could not be filed", { juryCaseId: jury.case_id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const settled: number[] = [];
  for (const courtCaseId of await openCasesWithFinalJury(options.db)) {
    // one case the chain refuses to settle (its penalty, say) does not hold up the others
    try {
      if (await settleJuryCase(options.db, courtCaseId)) settled.push(courtCaseId);
    } catch (error) {
      logError("jury-filer", error);
    }
  }
  return { filed, settled, drawn };
}

/** The leader duty: a pass every `pollMs`. */
export function startJuryCaseFiler(options: JuryFilerOptions): { stop: () => Promise<void> } {
  const firstSeen = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = fileAndSettleOnce(options, firstSeen)
      .then(() => undefined)
      .catch((error: unknown) => logError("jury-filer", error))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
