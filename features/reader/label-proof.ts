import "server-only";
import { getAddress } from "viem";
import type { DbOrTrx } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { CourtCaseRow, LabelHistoryRow } from "@/lib/db/tables/court.table";
import { FINDING } from "@/lib/chain/jury-ballots";
import { currentDeployment } from "@/lib/chain/server/current-deployment";
import { listChain } from "@/features/capsules/capsules.repository";
import { listLabelHistory } from "@/features/court/court-labels.repository";
import { findCase, findLatestOpenCaseOfChain } from "@/features/court/court.repository";
import { caseLog } from "@/features/court/jury.repository";
import { finalizedEventsOfTx } from "@/features/reader/reader.repository";
import { ZLabelProof, type TLabelBasis, type TLabelProof, type TLogRef } from "./label-basis";

// The `label` section of the proof: the label the reader page shows (the capsule's integrity_label) and the chain fact
// it follows from, found by walking the chain's label history back from its newest change (docs/DECISIONS.md,
// "The integrity label's chain basis"). Every coordinate given here is one the verifier reads again from its node.

type CaseLogs = { opened?: TLogRef; final?: TLogRef; capsuleId: string };

async function juryLogs(db: DbOrTrx, juryCaseId: number, capsuleId: number): Promise<CaseLogs> {
  const logs = await caseLog(db, juryCaseId, ["CaseOpened", "CaseFinal"]);
  const ref = (kind: string) => {
    const row = logs.find((l) => l.kind === kind);
    return row ? { transactionHash: row.tx_hash, blockNumber: String(row.block_number), logIndex: row.log_index } : undefined;
  };
  return { opened: ref("CaseOpened"), final: ref("CaseFinal"), capsuleId: String(capsuleId) };
}

const operator = (row: LabelHistoryRow): TLabelBasis => ({
  kind: "operator",
  label: row.label,
  by: row.applied_by,
  reason: row.reason,
  caseId: row.case_id === null ? null : String(row.case_id),
  transactionHash: row.tx_hash && /^0x[0-9a-fA-F]{64}$/.test(row.tx_hash) ? row.tx_hash : null,
});

/** The chain fact behind history row `rows[index]` and the rows before it; a label a case put back is that of the row before the case. */
async function basisOf(db: DbOrTrx, rows: LabelHistoryRow[], chain: CapsuleRow[], index: number): Promise<TLabelBasis> {
  let i = index;
  let pastRestore = false;
  while (i >= 0) {
    const row = rows[i]!;
    const court: CourtCaseRow | undefined = row.case_id === null ? undefined : await findCase(db, row.case_id);
    if (court) {
      const opening = rows.findIndex((r) => r.case_id === court.id && r.label === "contested");
      const decided = court.status === "closed" && court.verdict !== null && court.verdict === row.label;
      if (row.label === "contested" && !pastRestore) {
        // this contest's case may have ended without a finding while a later-opened one kept the article contested
        // (case-labels.ts writes no row then): the article is contested by the open case opened last
        const contesting = court.status === "open" ? court : ((await findLatestOpenCaseOfChain(db, court.root_capsule_id)) ?? court);
        if (contesting.jury_case_id === null) return operator(row);
        const logs = await juryLogs(db, contesting.jury_case_id, contesting.capsule_id);
        return logs.opened ? { kind: "juryCaseOpened", caseId: String(contesting.jury_case_id), capsuleId: logs.capsuleId, log: logs.opened } : operator(row);
      }
      if (decided) {
        if (court.jury_case_id === null) return operator(row);
        const logs = await juryLogs(db, court.jury_case_id, court.capsule_id);
        return logs.final ? { kind: "juryFinding", caseId: String(court.jury_case_id), capsuleId: logs.capsuleId, log: logs.final, articleFinding: FINDING[court.verdict!] } : operator(row);
      }
      // a label put back when a case ended without a finding is the one the chain's latest case recorded as before it
      // (case-labels.ts), which need not be this case: the label before the last contest of the chain
      let lastContest = i - 1;
      while (lastContest >= 0 && !(rows[lastContest]!.label === "contested" && rows[lastContest]!.case_id !== null)) lastContest--;
      if (court.status === "closed" && court.verdict === null && row.label !== "contested" && lastContest >= 0) {
        pastRestore = true;
        i = lastContest - 1;
        continue;
      }
      if (row.label === "contested" && pastRestore && opening >= 0 && opening <= i) {
        i = opening - 1;
        continue;
      }
      return operator(row);
    }
    if ((row.label === "corrected" || row.label === "retracted_by_author") && row.case_id === null) {
      const revision = chain.find((c) => c.id === row.capsule_id);
      if (revision?.finalize_tx_hash && (revision.capsule_type === "correction" || revision.capsule_type === "retraction")) {
        const event = (await finalizedEventsOfTx(db, revision.finalize_tx_hash)).find((e) => String((JSON.parse(e.args_json) as { capsuleId?: unknown }).capsuleId) === String(revision.id));
        if (event) {
          return {
            kind: "authorRevision",
            capsuleId: String(revision.id),
            capsuleType: revision.capsule_type,
            log: { transactionHash: event.tx_hash, blockNumber: String(event.block_number), logIndex: Number(event.log_index) },
          };
        }
      }
    }
    return operator(row);
  }
  return { kind: "none" };
}

/** The label section of a published capsule's proof. */
export async function labelProof(db: DbOrTrx, capsule: CapsuleRow): Promise<TLabelProof> {
  const root = capsule.root_capsule_id ?? capsule.id;
  const chain = await listChain(db, root);
  const rows = await listLabelHistory(db, root);
  const basis = await basisOf(db, rows, chain, rows.length - 1);
  // the chain's jury cases that ended without a finding: their CaseOpened and CaseFinal change no label
  const endedWithoutFinding: TLabelProof["endedWithoutFinding"] = [];
  for (const caseId of [...new Set(rows.map((r) => r.case_id).filter((id): id is number => id !== null))]) {
    const court = await findCase(db, caseId);
    if (!court || court.jury_case_id === null || court.status !== "closed" || court.verdict !== null) continue;
    const logs = await juryLogs(db, court.jury_case_id, court.capsule_id);
    if (logs.opened && logs.final) endedWithoutFinding.push({ caseId: String(court.jury_case_id), capsuleId: logs.capsuleId, opened: logs.opened, final: logs.final });
  }
  const first = chain.find((c) => c.id === root);
  const rootEvent = first?.finalize_tx_hash ? (await finalizedEventsOfTx(db, first.finalize_tx_hash)).find((e) => String((JSON.parse(e.args_json) as { capsuleId?: unknown }).capsuleId) === String(root)) : undefined;
  const juryCourt = currentDeployment()?.contracts.juryCourt?.address;
  return ZLabelProof.parse({
    value: capsule.integrity_label,
    juryCourt: juryCourt ? getAddress(juryCourt) : null,
    fromBlock: String(rootEvent?.block_number ?? 0),
    chainCapsuleIds: chain.filter((c) => c.submit_tx_hash !== null).map((c) => String(c.id)),
    basis,
    endedWithoutFinding,
  });
}
