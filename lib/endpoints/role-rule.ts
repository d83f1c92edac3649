import { roleDefinition, type RoleId } from "@/lib/roles/role-catalog";

/**
 * Where a signed route's roles are looked up; each has one resolver, in the feature whose rows it reads (listed in features/role-scopes.ts):
 * - `bodyOutlet`: the outlet named by the body's `outletSlug` (404 OUTLET_NOT_FOUND)
 * - `capsuleOutlet`: the capsule in the path (`:id`, 404 CAPSULE_NOT_FOUND) and its outlet
 * - `bodyCapsuleOutlet`: the capsule named by the body's `capsuleId` (404) and its outlet
 * - `caseCapsuleOutlet`: the court case in the path (`:id`, 404 CASE_NOT_FOUND), its capsule and that capsule's outlet
 */
export type RoleScope = "bodyOutlet" | "capsuleOutlet" | "bodyCapsuleOutlet" | "caseCapsuleOutlet";

/**
 * Parties that qualify without a role: the outlet's owner, the capsule's submitter, a listed contributor,
 * and the holder: the wallet the body names is the signer's own (giving up a role granted to it).
 * `memberSubmitter` is the submitter only while it still holds an author role (Journalist, Reporter or Editor)
 * at the capsule's outlet: acts done for the outlet on its published article (listing its rights, naming who is
 * paid) end with the role, as the submitter's other writes on a draft need not.
 */
export type Party = "owner" | "submitter" | "memberSubmitter" | "contributor" | "holder";

export type RoleRule = {
  at: RoleScope;
  /** The wallet qualifies by holding any of these active roles at the outlet, or by being one of these parties. Absent: no role needed. */
  anyOf?: readonly (RoleId | Party)[];
  /** Also required, checked first: the wallet is the capsule's submitter. */
  submitterOnly?: true;
  /** The qualifying role must have been granted against a held bond (403 INSUFFICIENT_BOND otherwise). */
  bonded?: true;
  /**
   * Once the capsule is past its draft (submitted, published, decided), a wallet that qualifies as one of the capsule's
   * parties must also hold an author role (Journalist, Reporter or Editor) at its outlet now (403 FORBIDDEN otherwise):
   * what is added then shows on the outlet's article without a vote, so it ends with the role.
   */
  pastDraftAuthorRole?: true;
  /** The wallet must have a bond above zero in RoleRegistry, read from the chain (403 INSUFFICIENT_BOND). */
  walletBond?: "nonzero";
  /** What the caller is trying to do, ending the 403 message: "Only … may <what>". */
  what: string;
  /** Fixed messages instead of the generated ones; `{outlet}`, `{capsule}` and `{wallet}` are filled in. */
  messages?: { forbidden?: string; notSubmitter?: string; insufficientBond?: string };
};

const capsuleParties: readonly Party[] = ["submitter", "memberSubmitter", "contributor"];
const partyNoun: Record<Party, string> = { owner: "the owner", submitter: "the submitter", memberSubmitter: "the submitter", contributor: "a contributor", holder: "the role's holder" };

const article = (noun: string) => (/^[AEIOU]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

function rolePhrase(roleIds: RoleId[], bonded: boolean): string | undefined {
  const names = roleIds.map((id) => roleDefinition(id)?.name ?? `role ${id}`);
  if (names.length === 0) return undefined;
  const [first = "", ...rest] = names;
  return joinOr([article(bonded ? `bonded ${first}` : first), ...rest]);
}

export type RuleSubject = { outletSlug: string; capsuleId?: number; wallet: string };

function fill(template: string, subject: RuleSubject): string {
  return template
    .replaceAll("{outlet}", subject.outletSlug)
    .replaceAll("{capsule}", String(subject.capsuleId ?? ""))
    .replaceAll("{wallet}", subject.wallet);
}

/** "Only the submitter of capsule 7 or an Editor of outlet "daily" may list its rights". */
export function forbiddenMessage(rule: RoleRule, subject: RuleSubject): string {
  if (rule.messages?.forbidden) return fill(rule.messages.forbidden, subject);
  const anyOf = rule.anyOf ?? [];
  const onCapsule = anyOf.filter((q): q is Party => typeof q === "string" && capsuleParties.includes(q)).map((p) => partyNoun[p]);
  const owner = anyOf.includes("owner") ? [partyNoun.owner] : [];
  const roles = rolePhrase(anyOf.filter((q): q is RoleId => typeof q === "number"), rule.bonded === true);
  const onOutlet = [...owner, ...(roles ? [roles] : [])];
  const groups = [
    onCapsule.length > 0 ? `${joinOr(onCapsule)} of capsule ${subject.capsuleId}` : undefined,
    onOutlet.length > 0 ? `${joinOr(onOutlet)} of outlet "${subject.outletSlug}"` : undefined,
  ].filter((g): g is string => g !== undefined);
  if (anyOf.includes("holder")) return `Only ${groups.join(" or ")}, or the role's holder, may ${rule.what}`;
  return `Only ${groups.join(" or ")} may ${rule.what}`;
}

/** "Capsule 7 is finalized; only the submitter or a contributor who is a Journalist, Reporter or Editor of outlet "daily" now may add evidence to it". */
export function pastDraftMessage(rule: RoleRule, subject: RuleSubject & { status: string }): string {
  const onCapsule = joinOr((rule.anyOf ?? []).filter((q): q is Party => typeof q === "string" && capsuleParties.includes(q)).map((p) => partyNoun[p]));
  return `Capsule ${subject.capsuleId} is ${subject.status}; only ${onCapsule} who is a Journalist, Reporter or Editor of outlet "${subject.outletSlug}" now may ${rule.what} to it`;
}

export function notSubmitterMessage(rule: RoleRule, subject: RuleSubject): string {
  if (rule.messages?.notSubmitter) return fill(rule.messages.notSubmitter, subject);
  return `Only the submitter of capsule ${subject.capsuleId} may ${rule.what}`;
}

export function insufficientBondMessage(rule: RoleRule, subject: RuleSubject, roleName?: string): string {
  if (rule.messages?.insufficientBond) return fill(rule.messages.insufficientBond, subject);
  if (roleName) {
    return `The ${roleName} role of ${subject.wallet} at outlet "${subject.outletSlug}" is not backed by a bond; deposit the role's bond on the Bonds page and have the role granted again`;
  }
  return `${subject.wallet} has no bond deposited; a bond (Bonds page) is needed to ${rule.what}`;
}

const scopePhrase: Record<RoleScope, string> = {
  bodyOutlet: "of the outlet named by outletSlug",
  capsuleOutlet: "of the capsule's outlet",
  bodyCapsuleOutlet: "of the outlet of the capsule named by capsuleId",
  caseCapsuleOutlet: "of the outlet of the case's capsule",
};

const partyDescription: Record<Party, string> = {
  owner: "the outlet's owner",
  submitter: "the capsule's submitter",
  memberSubmitter: "the capsule's submitter while a Journalist, Reporter or Editor of its outlet",
  contributor: "a contributor of the capsule",
  holder: "the wallet named in the body itself (giving up its own role)",
};

/** Who may call, in words (GET /api/meta/action-keys, the OpenAPI document). */
export function describeRule(rule: RoleRule | undefined): string {
  if (!rule) return "any signed wallet";
  const anyOf = rule.anyOf ?? [];
  const parties = anyOf.filter((q): q is Party => typeof q === "string").map((p) => partyDescription[p]);
  const roles = rolePhrase(anyOf.filter((q): q is RoleId => typeof q === "number"), rule.bonded === true);
  const who = joinOr([...parties, ...(roles ? [`${roles} ${scopePhrase[rule.at]}`] : [])]);
  if (rule.submitterOnly) return who ? `the capsule's submitter, if also ${who}` : "the capsule's submitter";
  if (rule.pastDraftAuthorRole) return `${who}; past the draft, only while holding a Journalist, Reporter or Editor role at the capsule's outlet`;
  if (rule.walletBond) return who ? `${who}, with a bond in RoleRegistry` : "any wallet with a bond in RoleRegistry";
  return who;
}
