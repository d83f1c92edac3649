import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/database";
import { insertOutletIfAbsent } from "@/features/outlets/outlets.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";

const ensured = new WeakSet<object>();

/**
 * The reserved outlet `capsule-court`: active from the start and owned by the bridge operator
 * (the address of CAPSULE_OPERATOR_KEY). It holds the Court clerk roles (4) granted before the jury court; they decide nothing.
 * Created on first use by the outlets/roles services; idempotent across processes.
 */
export async function ensureCourtOutlet(db: Db, now = Math.floor(Date.now() / 1000)): Promise<void> {
  if (ensured.has(db)) return;
  await insertOutletIfAbsent(db, {
    slug: COURT_OUTLET_SLUG,
    name: "Capsule Court",
    domain: "court.capsule.invalid",
    description: "Reserved network outlet of the integrity court; it holds the Court clerk roles granted before the jury court, which decide nothing.",
    metadata_uri: null,
    owner_wallet: chainClients().operator.address,
    status: "active",
    policy_id: "default",
    verification_token: randomBytes(32).toString("hex"),
    verified_at: now,
    first_verified_at: now,
    last_checked_at: null,
    last_result: null,
    created_at: now,
    updated_at: now,
  });
  ensured.add(db);
}
