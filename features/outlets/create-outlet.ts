import "server-only";
import { randomBytes } from "node:crypto";
import { formatEther, parseEther, type Address } from "viem";
import type { Db, DbOrTrx } from "@/lib/db/database";
import { claimNameSkeletons, countNeverVerifiedOutletsOf, findOutletBySlug, insertOutlet, outletResembling } from "@/features/outlets/outlets.repository";
import { insertRole } from "@/features/roles/roles.repository";
import { insertActivity } from "@/features/wallet/activity.repository";
import { chainClients } from "@/lib/chain/server/clients";
import { config } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";
import { expectedTxtValue } from "@/lib/dns/txt-record";
import { bondRequired, ROLE } from "@/lib/roles/role-catalog";
import type { TCreateOutletBody } from "@/features/outlets/outlets.schema";
import { activityTime, readBond } from "@/lib/chain/server/role-registry-reads";
import { prepareWalletSync, stageWalletSync } from "@/features/roles/bond-sync";
import { withNonceRetry } from "@/lib/chain/operator/queue-operator-tx";
import { broadcastAndAwait } from "@/lib/chain/operator/await-operator-tx";
import { ensureCourtOutlet } from "@/features/roles/court-outlet";
import { outletRecord } from "./outlet-record";
import { isUniqueViolation } from "@/lib/errors/unique-violation";
import { MAX_UNVERIFIED_OUTLETS, unverifiedBoundReached } from "@/lib/outlets/unverified-bound";
import { database } from "@/lib/db/client";
import { bridgeChange } from "@/lib/live/live-hub";

/** An unfunded throwaway wallet may not register outlets (each one costs the bridge a court seat and a DNS check). */
async function assertFunded(owner: Address, bonded: bigint) {
  if (bonded > 0n) return;
  const minimum = parseEther(config().CAPSULE_OUTLET_MIN_FUNDS);
  const balance = await chainClients().publicClient.getBalance({ address: owner });
  if (balance >= minimum) return;
  throw new AppError(
    "FORBIDDEN",
    `Registering an outlet needs a funded wallet: at least ${formatEther(minimum)} CAP in the wallet or a bond (Bonds page); ${owner} holds ${formatEther(balance)} CAP and no bond`,
    { details: { requiredCap: formatEther(minimum), balanceCap: formatEther(balance) } },
  );
}

const slugTaken = (slug: string) => new AppError("CONFLICT", `The outlet slug "${slug}" is already taken; choose another`);

/**
 * A name readers could take for an existing outlet's (a digit or a Cyrillic letter for a Latin one, other spacing,
 * invisible characters, other case) is refused, naming the outlet it looks like (lib/outlets/name-skeleton.ts): one
 * indexed read of the stored look-alike forms.
 */
async function requireDistinctName(db: DbOrTrx, name: string): Promise<void> {
  const resembled = await outletResembling(db, name);
  if (!resembled) return;
  throw nameTaken(name, resembled);
}

function nameTaken(name: string, resembled: { slug: string; name: string }): AppError {
  return new AppError("OUTLET_NAME_TAKEN", `The outlet name "${name}" looks like the name of outlet "${resembled.slug}" ("${resembled.name}"); choose a name readers cannot take for it`, {
    details: { resembles: { outletSlug: resembled.slug, name: resembled.name } },
  });
}

/**
 * Stores the new outlet's look-alike forms in its transaction. Their unique key refuses a form another outlet holds,
 * also one a look-alike created at the same time stored first: then the name is refused as the check before refuses
 * it, and the transaction, the outlet with it, rolls back.
 */
async function claimName(trx: DbOrTrx, outletId: number, name: string): Promise<void> {
  if (await claimNameSkeletons(trx, outletId, name)) return;
  const resembled = await outletResembling(trx, name, outletId);
  if (!resembled) throw new Error(`outlet ${outletId}: a look-alike form of its name was taken and then not found`);
  throw nameTaken(name, resembled);
}

async function requireRoomForOutlet(db: DbOrTrx, owner: Address): Promise<void> {
  if ((await countNeverVerifiedOutletsOf(db, owner)) < MAX_UNVERIFIED_OUTLETS) return;
  throw new AppError("CONFLICT", `${unverifiedBoundReached(owner)}; verify one first`);
}

/**
 * Registers a pending outlet owned by `owner`, who also gets the Editor role. That role counts
 * for voting only once the Editor bond is held: when it already is, the bridge locks it and sets
 * the voter flag now; otherwise the role is recorded unbonded and the owner activates it later
 * with POST /api/roles/grant (roleId 3) after depositing.
 */
export async function createOutlet(db: Db, owner: Address, body: TCreateOutletBody, now: number) {
  await ensureCourtOutlet(db, now);
  if (await findOutletBySlug(db, body.slug)) throw slugTaken(body.slug);
  await requireDistinctName(db, body.name);
  await requireRoomForOutlet(db, owner);
  const { bonded } = await readBond(owner);
  await assertFunded(owner, bonded);
  const editorBonded = bonded >= bondRequired(ROLE.EDITOR);
  const token = randomBytes(32).toString("hex");
  const at = await activityTime(now);
  // The owner is the outlet's party in every court case about it, bonded or not: RoleRegistry's member flag keeps it
  // off that outlet's juries (an unbonded Editor role sets no voter flag, and the owner may be a bonded Editor, so in
  // the juror pool, at another outlet) and lets it submit evidence for the outlet's side.
  const ownerMember = { slug: body.slug, member: true };
  const plan = editorBonded
    ? await prepareWalletSync(db, owner, { grant: ROLE.EDITOR }, { slug: body.slug, allowed: true }, ownerMember)
    : await prepareWalletSync(db, owner, {}, undefined, ownerMember);
  // the owner's open pages (the Bonds page above all) see the new Editor role from the push
  const pushed = bridgeChange(database(), { what: "roles.granted", wallets: [owner] });
  try {
    const { answer, staged } = await withNonceRetry(db, async (trx) => {
      // counted again and inserted in the transaction that holds the operator's nonce lock (PostgreSQL; SQLite's one
      // writer): outlets created at once never pass the bound together
      await requireRoomForOutlet(trx, owner);
      await pushed.inTransaction(trx);
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
      await claimName(trx, outlet.id, outlet.name);
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
      const staged = await stageWalletSync(trx, plan);
      const answer = {
        ok: true as const,
        outlet: await outletRecord(trx, outlet, now),
        txtRecord: { name: outlet.domain, type: "TXT" as const, value: expectedTxtValue(token) },
      };
      return { answer, staged };
    });
    pushed.afterCommit();
    // after commit, outside any SQL transaction: the owner's lock, voter and member flags reach the chain
    await broadcastAndAwait(db, staged, "set the owner's bond lock and its voter and member flags");
    return answer;
  } catch (error) {
    // Two creators racing for one slug: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw slugTaken(body.slug);
    throw error;
  }
}
