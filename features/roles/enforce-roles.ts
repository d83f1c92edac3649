import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { listContributors } from "@/features/capsules/capsules-parts.repository";
import { activeRolesAt } from "@/features/roles/roles.repository";
import { AppError } from "@/lib/errors/app-error";
import type { AccessSubject } from "@/lib/http/stages/authorize";
import { bondRequired, isAuthorRole, COURT_OUTLET_SLUG, roleDefinition, type RoleId } from "@/lib/roles/role-catalog";
import { forbiddenMessage, insufficientBondMessage, notSubmitterMessage, pastDraftMessage, type Party, type RoleRule, type RoleScope, type RuleSubject } from "@/lib/endpoints/role-rule";
import { readBond } from "@/lib/chain/server/role-registry-reads";

export type ScopeInput = { params: unknown; body: unknown; wallet: Address };

/**
 * One resolver per scope (lib/endpoints/role-rule.ts), each in the feature that owns the rows it reads
 * and put together in features/role-scopes.ts; each answers its own 404 first.
 */
export type RoleScopes = Record<RoleScope, (db: Db, input: ScopeInput) => Promise<AccessSubject>>;

/** A field of a parsed body or path parameters, for the scope resolvers. */
export const inputField = (value: unknown, key: string): unknown => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined);

async function isParty(db: Db, party: Party, subject: AccessSubject, input: ScopeInput): Promise<boolean> {
  const { wallet } = input;
  if (party === "owner") return subject.outlet?.owner_wallet === wallet;
  if (party === "holder") return inputField(input.body, "wallet") === wallet;
  if (!subject.capsule) return false;
  if (party === "submitter") return subject.capsule.submitter === wallet;
  if (party === "memberSubmitter") {
    if (subject.capsule.submitter !== wallet || !subject.outlet) return false;
    return (await activeRolesAt(db, subject.outlet.id, wallet)).some((r) => isAuthorRole(r.roleId));
  }
  return (await listContributors(db, subject.capsule.id)).some((c) => c.wallet === wallet);
}

/**
 * Enforces a descriptor's declared roles for the signed wallet: 404 for a missing outlet, capsule
 * or case, 403 FORBIDDEN without a qualifying role or party, 403 INSUFFICIENT_BOND when the
 * qualifying role is not bonded or (walletBond) the wallet holds no bond in RoleRegistry.
 */
export async function enforceRoles(db: Db, rule: RoleRule, input: ScopeInput, scopes: RoleScopes): Promise<AccessSubject> {
  const subject = await scopes[rule.at](db, input);
  const words: RuleSubject = { outletSlug: subject.outlet?.slug ?? subject.capsule?.outlet_slug ?? COURT_OUTLET_SLUG, capsuleId: subject.capsule?.id, wallet: input.wallet };
  if (rule.submitterOnly && subject.capsule?.submitter !== input.wallet) throw new AppError("FORBIDDEN", notSubmitterMessage(rule, words));

  const anyOf = rule.anyOf ?? [];
  if (anyOf.length > 0) {
    let qualified = false;
    for (const party of anyOf.filter((q): q is Party => typeof q === "string")) {
      if (await isParty(db, party, subject, input)) qualified = true;
    }
    if (qualified && rule.pastDraftAuthorRole && subject.capsule && subject.capsule.status !== "draft") {
      const member = subject.outlet !== undefined && (await activeRolesAt(db, subject.outlet.id, input.wallet)).some((r) => isAuthorRole(r.roleId));
      if (!member) throw new AppError("FORBIDDEN", pastDraftMessage(rule, { ...words, status: subject.capsule.status }));
    }
    const roleIds: number[] = anyOf.filter((q): q is RoleId => typeof q === "number");
    if (!qualified && roleIds.length > 0 && subject.outlet) {
      const held = (await activeRolesAt(db, subject.outlet.id, input.wallet)).filter((r) => roleIds.includes(r.roleId));
      if (held.length > 0 && rule.bonded && !held.some((r) => r.bonded)) {
        const roleId = held[0]?.roleId ?? 0;
        throw new AppError("INSUFFICIENT_BOND", insufficientBondMessage(rule, words, roleDefinition(roleId)?.name), { details: { bondRequired: bondRequired(roleId).toString() } });
      }
      qualified = held.length > 0;
    }
    if (!qualified) throw new AppError("FORBIDDEN", forbiddenMessage(rule, words));
  }

  if (rule.walletBond === "nonzero" && (await readBond(input.wallet)).bonded === 0n) {
    throw new AppError("INSUFFICIENT_BOND", insufficientBondMessage(rule, words), { details: { bonded: "0" } });
  }
  return subject;
}
