import "server-only";
import { getVisibleCapsuleOrThrow, viewerOf } from "@/features/capsules/draft-visibility.repository";
import type { Authorize } from "@/lib/http/stages/authorize";
import { enforceRoles, type RoleScopes } from "./enforce-roles";

// The route wrapper's authorize stage: the descriptor's declared roles (403/404) checked against what
// the scopes resolve, and for reads that can show drafts who is reading and whether they may see the
// named capsule (404 as for a missing id).
export function authorizeWith(scopes: RoleScopes): Authorize {
  return async (db, endpoint, parsed, wallet, reader) => {
    const access = endpoint.roles ? await enforceRoles(db, endpoint.roles, { params: parsed.params, body: parsed.body, wallet }, scopes) : {};
    const viewer = endpoint.privateDrafts ? await viewerOf(db, reader) : undefined;
    const capsuleParam = endpoint.privateDrafts?.capsuleParam;
    const capsule = capsuleParam ? await getVisibleCapsuleOrThrow(db, Number((parsed.params as Record<string, unknown>)[capsuleParam]), viewer) : undefined;
    return { access, viewer, capsule };
  };
}
