import "server-only";
import { getVisibleCapsuleOrThrow, viewerOf } from "@/features/capsules/draft-visibility.repository";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { Authorize, Viewer } from "@/lib/http/stages/authorize";
import { enforceRoles, type RoleScopes } from "./enforce-roles";

// The route wrapper's authorize stage: the descriptor's declared roles (403/404) checked against what
// the scopes resolve, and for reads that can show drafts who is reading and whether they may see the
// named capsule (404 as for a missing id).
/** How an endpoint reads the capsule its viewer is checked against, when it reads more of it than the row (by endpoint id). */
export type CapsuleReaders = Record<string, (db: Db, id: number, viewer: Viewer) => Promise<CapsuleRow>>;

export function authorizeWith(scopes: RoleScopes, capsuleReaders: CapsuleReaders = {}): Authorize {
  return async (db, endpoint, parsed, wallet, reader) => {
    const access = endpoint.roles ? await enforceRoles(db, endpoint.roles, { params: parsed.params, body: parsed.body, wallet }, scopes) : {};
    const viewer = endpoint.privateDrafts ? await viewerOf(db, reader) : undefined;
    const capsuleParam = endpoint.privateDrafts?.capsuleParam;
    const readCapsule = capsuleReaders[endpoint.id] ?? getVisibleCapsuleOrThrow;
    const capsule = capsuleParam ? await readCapsule(db, Number((parsed.params as Record<string, unknown>)[capsuleParam]), viewer) : undefined;
    return { access, viewer, capsule };
  };
}
