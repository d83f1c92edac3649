import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { OutletStatus } from "@/lib/db/tables/outlets.table";
import { getOutletBySlugOrThrow, updateOutlet } from "@/features/outlets/outlets.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { checkDomainName } from "@/lib/dns/domain-name";
import { checkTxtRecord } from "@/lib/dns/txt-verification";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import type { TVerifyOutletBody, TVerifyOutletResponse } from "@/features/outlets/outlets.schema";
import { activityTime } from "@/lib/chain/server/role-registry-reads";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { outletRecord } from "./outlet-record";

/** pending|suspended → active on success; active → suspended on failure; pending stays pending. */
export function nextOutletStatus(current: OutletStatus, verified: boolean): OutletStatus {
  if (verified) return "active";
  return current === "active" ? "suspended" : current;
}

/**
 * Checks the outlet's dns_txt record and persists the result either way (the check happened).
 * The DNS lookup runs outside the SQL transaction so a slow resolver holds no lock.
 */
export async function verifyOutlet(db: Db, actor: Address, body: TVerifyOutletBody, now: number): Promise<TVerifyOutletResponse> {
  await ensureCourtOutlet(db, now);
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  if (outlet.slug === COURT_OUTLET_SLUG) {
    throw new AppError("INVALID_STATE", `The reserved outlet "${COURT_OUTLET_SLUG}" is active by definition and has no domain to verify`);
  }
  const domain = checkDomainName(outlet.domain);
  if (!domain.ok) {
    throw new AppError("VALIDATION_ERROR", `The outlet's domain cannot be verified: ${domain.reason}`, { issues: [{ path: "domain", message: domain.reason }] });
  }
  const cfg = config();
  const check = await checkTxtRecord(domain.domain, outlet.verification_token, { servers: cfg.CAPSULE_DNS_SERVERS, timeoutMs: cfg.CAPSULE_DNS_TIMEOUT_MS });

  const at = await activityTime(now);
  return db.transaction().execute(async (trx) => {
    const current = await getOutletBySlugOrThrow(trx, outlet.slug);
    const status = nextOutletStatus(current.status, check.verified);
    const updated = await updateOutlet(trx, current.id, {
      status,
      last_checked_at: now,
      last_result: check.verified ? "verified" : check.reason,
      updated_at: now,
      ...(check.verified ? { verified_at: now, first_verified_at: current.first_verified_at ?? now } : {}),
    });
    await insertActivity(trx, [
      {
        wallet: actor,
        kind: check.verified ? "outlet.verified" : "outlet.verification_failed",
        outletSlug: current.slug,
        subjectId: String(current.id),
        details: { method: "dns_txt", domain: current.domain, result: check.verified ? "verified" : check.reason, statusBefore: current.status, statusAfter: status },
        createdAt: at,
      },
    ]);
    const change = status === current.status ? `status stays ${status}` : `status ${current.status} → ${status}`;
    return {
      ok: true as const,
      verified: check.verified,
      reason: check.reason,
      message: `${check.message} (${change})`,
      outlet: await outletRecord(trx, updated, now),
    };
  });
}
