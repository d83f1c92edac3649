import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { AccessSubject } from "@/lib/http/stages/authorize";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { capsuleForWriter } from "./draft-visibility.repository";

/**
 * The capsule a rule names and its outlet. A capsule the signer may not read (another's draft) is a
 * missing id: no role check may tell them apart.
 */
export async function capsuleScope(db: Db, capsuleId: number, wallet: Address): Promise<AccessSubject> {
  const capsule = await capsuleForWriter(db, capsuleId, wallet);
  return { capsule, outlet: await findOutletBySlug(db, capsule.outlet_slug) };
}
