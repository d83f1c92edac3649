import "server-only";
import type { Db } from "@/lib/db/database";
import type { AccessSubject } from "@/lib/http/stages/authorize";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { getOutletBySlugOrThrow } from "./outlets.repository";

/** The outlet a body names (404 when it does not exist); the court's own outlet is seated first. */
export async function outletScope(db: Db, slug: string): Promise<AccessSubject> {
  await ensureCourtOutlet(db);
  return { outlet: await getOutletBySlugOrThrow(db, slug) };
}
