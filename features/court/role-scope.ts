import "server-only";
import type { Db } from "@/lib/db/database";
import type { AccessSubject } from "@/lib/http/stages/authorize";
import { getCapsuleOrThrow } from "@/features/capsules/capsules.repository";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { getCaseOrThrow } from "./court.repository";

/** A case's capsule and that capsule's outlet: who may act in a case is decided there (404 for a missing case). */
export async function caseScope(db: Db, caseId: number): Promise<AccessSubject> {
  const courtCase = await getCaseOrThrow(db, caseId);
  const capsule = await getCapsuleOrThrow(db, courtCase.capsule_id);
  return { capsule, outlet: await findOutletBySlug(db, capsule.outlet_slug) };
}
