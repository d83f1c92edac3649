import type { DbOrTrx } from "@/lib/db/database";
import type { JuryCaseRow } from "@/lib/db/tables/jury.table";
import { juryCasesFiledOn } from "@/features/court/jury.repository";
import { claimIdOfKey, findingName } from "@/lib/chain/jury-claims";

export type ClaimRuling = { verdict: string | null; label: string };

/**
 * Each disputed claim's finding and label from the capsule's jury cases (issue 27 item 5, issue 28):
 * `contested` (no verdict yet) while a case on it runs, the final finding once the case is final (after
 * its appeal period). A later case on the same claim overrides an earlier one.
 */
export async function claimRulings(db: DbOrTrx, capsuleId: number): Promise<Map<string, ClaimRuling>> {
  return rulingsOfCases(await juryCasesFiledOn(db, capsuleId));
}

/** The same rulings from the capsule's jury cases already read, oldest case first. */
export function rulingsOfCases(cases: readonly Pick<JuryCaseRow, "claim_ids_json" | "period" | "findings_json">[]): Map<string, ClaimRuling> {
  const out = new Map<string, ClaimRuling>();
  for (const jury of cases) {
    const keys = JSON.parse(jury.claim_ids_json) as string[];
    const findings = jury.period === "final" && jury.findings_json ? (JSON.parse(jury.findings_json) as number[]) : null;
    keys.forEach((key, k) => {
      const finding = findings?.[k];
      out.set(claimIdOfKey(key), finding === undefined ? { verdict: null, label: "contested" } : { verdict: findingName(finding), label: findingName(finding) });
    });
  }
  return out;
}
