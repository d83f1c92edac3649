import "server-only";
import { randomBytes } from "node:crypto";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { findOutletBySlug, insertOutlet } from "@/lib/db/repositories/outlets.repository";
import { insertRole } from "@/lib/db/repositories/roles.repository";
import { insertActivity } from "@/lib/db/repositories/activity.repository";
import { AppError } from "@/lib/errors/app-error";
import { expectedTxtValue } from "@/lib/dns/txt-record";
import { bondRequired, ROLE } from "@/lib/outlets/role-catalog";
import type { TCreateOutletBody } from "@/lib/schemas/outlets";
import { activityTime, readBond } from "@/lib/services/roles/role-registry-chain";
import { syncWalletOnChain } from "@/lib/services/roles/bond-sync";
import { ensureCourtOutlet } from "./court-outlet";
import { outletRecord } from "./outlet-record";

const slugTaken = (slug: string) => new AppError("CONFLICT", `The outlet slug "${slug}" is already taken; choose another`);

/**
 * Registers a pending outlet owned by `owner`, who also gets the Editor role. That role counts
 * for voting only once the Editor bond is held: when it already is, the bridge locks it and sets
 * the voter flag now; otherwise the role is recorded unbonded and the owner activates it later
 * with POST /api/roles/grant (roleId 3) after depositing.
 */
export async function createOutlet(db: Db, owner: Address, body: TCreateOutletBody, now: number) {
  await ensureCourtOutlet(db, now);
  if (await findOutletBySlug(db, body.slug)) throw slugTaken(body.slug);
  const { bonded } = await readBond(owner);
  const editorBonded = bonded >= bondRequired(ROLE.EDITOR);
  const token = randomBytes(32).toString("hex");
  const at = await activityTime(now);
  try {
    return await db.transaction().execute(async (trx) => {
      const outlet = await insertOutlet(trx, {
        slug: body.slug,
        name: body.name,
        domain: body.domain,
        description: body.description ?? null,
        metadata_uri: body.metadataURI ?? null,
        owner_wallet: owner,
        status: "pending",
        policy_id: "default",
        verification_token: token,
        verified_at: null,
        first_verified_at: null,
        last_checked_at: null,
        last_result: null,
        created_at: now,
        updated_at: now,
      });
      const role = await insertRole(trx, {
        outlet_id: outlet.id,
        outlet_slug: outlet.slug,
        wallet: owner,
        role_id: ROLE.EDITOR,
        bonded: editorBonded ? 1 : 0,
        granted_at: now,
        granted_by: owner,
        revoked_at: null,
        revoked_by: null,
      });
      await insertActivity(trx, [
        { wallet: owner, kind: "outlet.created", outletSlug: outlet.slug, subjectId: String(outlet.id), details: { name: outlet.name, domain: outlet.domain }, createdAt: at },
        {
          wallet: owner,
          kind: "role.granted",
          outletSlug: outlet.slug,
          subjectId: String(role.id),
          details: { roleId: ROLE.EDITOR, roleName: "Editor", wallet: owner, by: owner, side: "both", bonded: editorBonded, reason: "outlet owner" },
          createdAt: at,
        },
      ]);
      if (editorBonded) await syncWalletOnChain(trx, owner, { slug: outlet.slug, allowed: true });
      return {
        ok: true as const,
        outlet: await outletRecord(trx, outlet, now),
        txtRecord: { name: outlet.domain, type: "TXT" as const, value: expectedTxtValue(token) },
      };
    });
  } catch (error) {
    // Two creators racing for one slug: the unique index decides, the loser gets the same 409.
    const code = (error as { code?: unknown }).code;
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") throw slugTaken(body.slug);
    throw error;
  }
}
