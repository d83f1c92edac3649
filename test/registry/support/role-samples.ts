import type { Endpoint } from "@/lib/endpoints/define";

// A valid request for every signed endpoint that declares roles, so the wrapper gets past body
// validation to the role check. Each comes from the descriptor's own sample (`example`), with the
// fields that name records replaced by the test's records; nothing here is written per endpoint.
// Capsule writes name the finalized capsule: another's draft is a missing id to a stranger (404
// before any role check; features/capsules/withdrawn-drafts.integration.test.ts).

export type Scene = { outletSlug: string; draftId: string; finalizedId: string; caseId: string; stranger: string };
export type Sample = { params?: Record<string, string>; body: unknown };

/** A wallet that is not the stranger's (and holds nothing). */
const SOMEONE_ELSE = "0x000000000000000000000000000000000000dEaD";

/** Body fields that name a record, and the scene's record each stands for. */
const recordFields: Record<string, (scene: Scene) => string> = {
  outletSlug: (s) => s.outletSlug,
  capsuleId: (s) => s.finalizedId,
  supportingCapsuleId: (s) => s.finalizedId,
  wallet: (s) => s.stranger,
};

/** The descriptor's sample request, naming the scene's records; undefined when it has none. */
export function roleSample(endpoint: Endpoint, scene: Scene): Sample | undefined {
  const example = endpoint.example;
  if (!example || (endpoint.body && !example.body)) return undefined;
  const body = Object.fromEntries(Object.entries(example.body ?? {}).map(([name, value]) => [name, recordFields[name]?.(scene) ?? value]));
  // a rule that lets the named wallet act itself (the holder giving up its role) must name someone else
  if (endpoint.roles?.anyOf?.includes("holder") && "wallet" in body) body.wallet = SOMEONE_ELSE;
  const id = endpoint.roles?.at === "caseCapsuleOutlet" || endpoint.id.startsWith("court.") ? scene.caseId : scene.finalizedId;
  const params = example.params ? Object.fromEntries(Object.keys(example.params).map((name) => [name, name === "id" ? id : (example.params?.[name] ?? "")])) : undefined;
  return { params, body };
}

/** Signed endpoints whose declared roles a wallet can lack (any signed wallet passes the others). */
export const restricted = (list: readonly Endpoint[]) => list.filter((e) => e.roles && ((e.roles.anyOf ?? []).length > 0 || e.roles.submitterOnly || e.roles.walletBond));
