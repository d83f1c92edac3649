import "server-only";
import { formatEther, type Address } from "viem";
import type { Db, Trx } from "@/lib/db/database";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import { getOutletBySlugOrThrow } from "@/features/outlets/outlets.repository";
import { activeRolesAt, findActiveRole, insertRole, markRoleBonded, revokeRole } from "@/features/roles/roles.repository";
import { insertActivity, type ActivityEntry } from "@/features/wallet/activity.repository";
import type { OutletRoleRow } from "@/lib/db/tables/roles.table";
import { chainClients } from "@/lib/chain/server/clients";
import { AppError } from "@/lib/errors/app-error";
import { bondRequired, COURT_OUTLET_SLUG, ROLE, roleDefinition } from "@/lib/roles/role-catalog";
import { grantRefusal, revokeRefusal } from "@/lib/roles/role-change-rules";
import { memberFlagAfterRoleEnds } from "@/lib/roles/ownership-rules";
import { closeOpenOwnershipOffers, handedOver } from "@/features/outlets/ownership-offers.repository";
import { closeOpenRoleOffersBy } from "@/features/roles/role-offers.repository";
import type { TRoleChangeBody } from "@/features/roles/roles.schema";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { assertCanManageOutlet } from "./authorize";
import { prepareWalletSync, stageWalletSync } from "./bond-sync";
import type { OutboxRow } from "@/lib/db/tables/operator-outbox.table";
import { withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { activityTime, readBond, readIsVoter } from "@/lib/chain/server/role-registry-reads";
import { bondView, roleAssignment } from "./role-assignment";

type Change = "granted" | "revoked";

function roleActivity(change: Change, row: OutletRoleRow, actor: Address, now: number): ActivityEntry[] {
  const details = { roleId: row.role_id, roleName: roleDefinition(row.role_id)?.name, wallet: row.wallet, by: actor };
  const entry = (wallet: string, side: string): ActivityEntry => ({
    wallet,
    kind: `role.${change}`,
    outletSlug: row.outlet_slug,
    subjectId: String(row.id),
    details: { ...details, side },
    createdAt: now,
  });
  return row.wallet === actor ? [entry(actor, "both")] : [entry(actor, "actor"), entry(row.wallet, "subject")];
}

/**
 * Court clerk (4) exists only at capsule-court, which holds nothing else; only the operator revokes it.
 * It decides nothing since the jury court, so it is no longer granted; grants made before can be revoked
 * (their bond lock released).
 */
const CLERK_NO_LONGER_GRANTED = `The Court clerk role (4) decides nothing since the jury court decides disputes, and is no longer granted; the bridge operator may still revoke it`;

function assertRoleFitsOutlet(outlet: OutletRow, roleId: number, actor: Address, ownRole = false): void {
  const court = outlet.slug === COURT_OUTLET_SLUG;
  if (court !== (roleId === ROLE.COURT_CLERK)) {
    const message = court ? `Only the Court clerk role (4) is held at "${COURT_OUTLET_SLUG}"` : `The Court clerk role (4) is granted only at "${COURT_OUTLET_SLUG}"`;
    throw new AppError("VALIDATION_ERROR", message, { issues: [{ path: "roleId", message }] });
  }
  if (court && !ownRole && actor !== chainClients().operator.address) throw new AppError("FORBIDDEN", "Only the bridge operator, or its holder, may revoke the Court clerk role");
}

/** After commit: the lock/voter transactions are broadcast and their receipts awaited (no SQL transaction open), then the chain's state is answered. */
async function answer(db: Db, row: OutletRoleRow, outlet: OutletRow, staged: OutboxRow[]) {
  const txHashes = (await broadcastAndAwait(db, staged, "update the wallet's bond lock and voter flag")).map((tx) => tx.hash);
  const wallet = row.wallet as Address;
  const [bond, isVoter] = await Promise.all([readBond(wallet), readIsVoter(row.outlet_slug, wallet)]);
  return { ok: true as const, role: roleAssignment(row, outlet.name), bond: bondView(bond), isVoter, txHashes };
}

/**
 * What a grant needs before anything is written: the actor may grant roles at an active outlet, the role
 * fits it, the wallet does not hold it bonded yet and holds its bond on chain. An offer to another wallet
 * checks the same (so the owner hears of a missing bond at once), and its accept checks it again.
 */
export async function checkGrant(db: Db, actor: Address, body: TRoleChangeBody, now: number, then = "grant the role again") {
  await ensureCourtOutlet(db, now);
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  await assertCanManageOutlet(db, outlet, actor, "grant roles");
  if (outlet.status !== "active") throw new AppError("OUTLET_NOT_ACTIVE", `Outlet "${outlet.slug}" is ${outlet.status}; verify its domain first`);
  assertRoleFitsOutlet(outlet, body.roleId, actor);
  if (body.roleId === ROLE.COURT_CLERK) throw new AppError("INVALID_STATE", CLERK_NO_LONGER_GRANTED);
  const refusal = grantRefusal({ outletSlug: outlet.slug, roleId: body.roleId, actorIsOwner: actor === outlet.owner_wallet });
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  const existing = await findActiveRole(db, outlet.id, body.wallet, body.roleId);
  const name = roleDefinition(body.roleId)?.name ?? `Role ${body.roleId}`;
  if (existing?.bonded === 1) throw new AppError("CONFLICT", `${body.wallet} already holds the ${name} role at "${outlet.slug}"`);
  const required = bondRequired(body.roleId);
  const { bonded } = await readBond(body.wallet);
  if (bonded < required) {
    throw new AppError(
      "INSUFFICIENT_BOND",
      `The ${name} role needs a bond of ${formatEther(required)} CAP; ${body.wallet} has ${formatEther(bonded)} CAP bonded (deposit ${formatEther(required - bonded)} CAP more on the Bonds page, then ${then})`,
      { details: { bondRequired: required.toString(), bonded: bonded.toString() } },
    );
  }
  return { outlet, existing, name };
}

/**
 * Grants a role (or activates the owner's unbonded Editor role) after checking the wallet's
 * chain bond. Runs for a grant to oneself and for an offer its grantee accepted (`actor` is then the
 * wallet that offered it; `inTransaction` closes the offer with the grant), never for a grant to another
 * wallet without its consent (features/roles/role-offers.ts). The pre-flight of the chain writes (lock,
 * voter flag) runs first (a refusal changes nothing); the SQL row, activity and the signed outbox rows
 * commit together; they are broadcast and their receipts awaited after commit, and the worker finishes
 * them if the node refuses.
 */
export async function grantRole(db: Db, actor: Address, body: TRoleChangeBody, now: number, inTransaction?: (trx: Trx) => Promise<void>) {
  const { outlet, existing } = await checkGrant(db, actor, body, now, inTransaction ? "accept the role again" : "grant the role again");
  const at = await activityTime(now);
  const member = isMemberRole(body.roleId) ? { slug: outlet.slug, member: true } : undefined;
  const plan = await prepareWalletSync(db, body.wallet, { grant: body.roleId }, body.roleId === ROLE.EDITOR ? { slug: outlet.slug, allowed: true } : undefined, member);
  // open pages of the wallet (its Bonds page, its outlet pages) re-read its roles from the push
  const pushed = bridgeChange(database(), { what: "roles.granted", wallets: body.wallet === actor ? [body.wallet] : [body.wallet, actor] });
  const { row, staged } = await withNonceRetry(db, async (trx) => {
    await pushed.inTransaction(trx);
    if (inTransaction) await inTransaction(trx);
    const row = existing
      ? await markRoleBonded(trx, existing.id)
      : await insertRole(trx, {
          outlet_id: outlet.id,
          outlet_slug: outlet.slug,
          wallet: body.wallet,
          role_id: body.roleId,
          bonded: 1,
          granted_at: now,
          granted_by: actor,
          revoked_at: null,
          revoked_by: null,
        });
    await insertActivity(trx, roleActivity("granted", row, actor, at));
    return { row, staged: await stageWalletSync(trx, plan) };
  });
  pushed.afterCommit();
  return { ...(await answer(db, row, outlet, staged)), status: "granted" as const };
}

/** Journalists and Reporters are RoleRegistry members of their outlet (Editors are its voters): both stay off its juries. */
const isMemberRole = (roleId: number) => roleId === ROLE.JOURNALIST || roleId === ROLE.REPORTER;

/**
 * Revokes an active role (history kept), then re-locks the wallet's bond and clears Editor voting. The
 * holder may give up its own role: a grant locks the grantee's bond without asking it, so it must be
 * able to undo it. Only the owner revokes an Editor's role, and nobody else the owner's (lib/roles/role-change-rules.ts):
 * refused before anything is written or sent.
 */
export async function revokeRoleOf(db: Db, actor: Address, body: TRoleChangeBody, now: number) {
  await ensureCourtOutlet(db, now);
  const outlet = await getOutletBySlugOrThrow(db, body.outletSlug);
  const ownRole = body.wallet === actor;
  if (!ownRole) await assertCanManageOutlet(db, outlet, actor, "revoke roles");
  assertRoleFitsOutlet(outlet, body.roleId, actor, ownRole);
  const refusal = revokeRefusal({ outletSlug: outlet.slug, roleId: body.roleId, ownRole, actorIsOwner: actor === outlet.owner_wallet, holderIsOwner: body.wallet === outlet.owner_wallet });
  if (refusal) throw new AppError("FORBIDDEN", refusal);
  const existing = await findActiveRole(db, outlet.id, body.wallet, body.roleId);
  const name = roleDefinition(body.roleId)?.name ?? `Role ${body.roleId}`;
  if (!existing) throw new AppError("ROLE_NOT_FOUND", `${body.wallet} does not hold the ${name} role at "${outlet.slug}"`);
  const at = await activityTime(now);
  // the member flag stays with the owner, while another Journalist or Reporter role of the wallet remains at the
  // outlet, and with a former owner while it holds any role there (lib/roles/ownership-rules.ts)
  const remainingRoleIds = (await activeRolesAt(db, outlet.id, body.wallet)).filter((r) => r.roleId !== body.roleId).map((r) => r.roleId);
  const holderIsOwner = body.wallet === outlet.owner_wallet;
  const formerOwner = !holderIsOwner && (await handedOver(db, outlet.id, body.wallet));
  const member = memberFlagAfterRoleEnds({ roleId: body.roleId, remainingRoleIds, holderIsOwner, formerOwner }) === false ? { slug: outlet.slug, member: false } : undefined;
  const plan = await prepareWalletSync(db, body.wallet, { revoke: body.roleId }, body.roleId === ROLE.EDITOR ? { slug: outlet.slug, allowed: false } : undefined, member);
  const pushed = bridgeChange(database(), { what: "roles.revoked", wallets: [body.wallet] });
  const { row, staged } = await withNonceRetry(db, async (trx) => {
    await pushed.inTransaction(trx);
    const row = await revokeRole(trx, existing.id, actor, now);
    await insertActivity(trx, roleActivity("revoked", row, actor, at));
    // the holder's inbox says so when another wallet revoked the role (giving one's own up needs no news)
    if (!ownRole) {
      await insertActivity(trx, [
        {
          wallet: body.wallet,
          kind: "inbox.role_revoked",
          outletSlug: outlet.slug,
          subjectId: String(row.id),
          details: { roleId: body.roleId, roleName: name, outletName: outlet.name, revokedBy: actor, revokedAs: actor === outlet.owner_wallet ? "owner" : "editor" },
          createdAt: at,
        },
      ]);
    }
    // an Editor offered the outlet's ownership holds it no more once its Editor role ends: the offer closes with it,
    // and its inbox says so; so do the Journalist and Reporter offers it made as an Editor, which rested on that role
    // (docs/DECISIONS.md, "Offers close when the ownership or the role they rest on ends")
    if (body.roleId === ROLE.EDITOR) {
      const closed = await closeOpenOwnershipOffers(trx, outlet.id, { wallet: body.wallet }, at);
      const made = holderIsOwner ? [] : await closeOpenRoleOffersBy(trx, outlet.id, body.wallet, [ROLE.JOURNALIST, ROLE.REPORTER], at);
      await insertActivity(trx, [
        ...closed.map((offer) => ({
          wallet: body.wallet,
          kind: "inbox.offer_closed",
          outletSlug: outlet.slug,
          subjectId: String(offer.id),
          details: { offerKind: "ownership", offerId: String(offer.id), outletName: outlet.name, reason: ownRole ? "editor_role_given_up" : "editor_role_revoked", offeredBy: offer.offered_by },
          createdAt: at,
        })),
        ...made.map((offer) => ({
          wallet: offer.wallet,
          kind: "inbox.offer_closed",
          outletSlug: outlet.slug,
          subjectId: String(offer.id),
          details: { offerKind: "role", offerId: String(offer.id), roleId: offer.role_id, roleName: roleDefinition(offer.role_id)?.name ?? `Role ${offer.role_id}`, outletName: outlet.name, reason: "offerer_editor_role_ended", offeredBy: body.wallet },
          createdAt: at,
        })),
      ]);
    }
    return { row, staged: await stageWalletSync(trx, plan) };
  });
  pushed.afterCommit();
  return answer(db, row, outlet, staged);
}
