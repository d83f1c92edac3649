import "server-only";
import type { DbOrTrx } from "@/lib/db/database";
import { getCapsuleOrThrow, listChain } from "@/features/capsules/capsules.repository";
import { AppError } from "@/lib/errors/app-error";
import { rootIdOf } from "@/features/capsules/chain-order";
import { neverOnChain } from "@/features/capsules/never-on-chain";
import { courtRecordOfChain, latestFinding } from "./reader-article";
import { isPublished, latestPublished } from "./reader-chain";
import type { BadgeInput } from "./label-badge";
import { ruledClaimsOfChain } from "./ruled-claims";

/** What the badge and the embed show for a capsule: its chain's label and latest finding (kept after corrections); capsules that never reached the chain are 404. */
export async function badgeData(db: DbOrTrx, id: number, origin: string): Promise<BadgeInput & { currentId: string }> {
  const row = await getCapsuleOrThrow(db, id);
  if (neverOnChain(row)) throw new AppError("CAPSULE_NOT_FOUND", `No capsule with id ${id}`); // private for ever: a missing id
  const chain = await listChain(db, rootIdOf(row));
  const current = latestPublished(chain);
  const found = latestFinding(await courtRecordOfChain(db, rootIdOf(row)));
  return {
    capsuleId: String(id),
    currentId: String(current?.id ?? id),
    label: row.integrity_label,
    title: row.title,
    court: found ? { caseId: found.caseId, verdict: found.verdict, finding: found.finding } : null,
    proofUrl: `${origin}/read/${id}#chain-heading`,
    published: isPublished(row),
    ruledClaims: row.integrity_label === "clean" ? [] : await ruledClaimsOfChain(db, rootIdOf(row)),
  };
}
