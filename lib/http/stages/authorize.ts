import "server-only";
import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import { getVisibleCapsuleOrThrow, viewerOf, type Viewer } from "@/lib/db/draft-visibility";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { Endpoint } from "@/lib/endpoints/define";
import { enforceRoles, type AccessSubject } from "../enforce-roles";
import type { Parsed } from "./parse";

// Stage 3: the descriptor's declared roles (403/404), and for reads that can show drafts who is
// reading and whether they may see the named capsule (404 as for a missing id).

export type Authorized = { access: AccessSubject; viewer: Viewer; capsule: CapsuleRow | undefined };

export async function authorize(db: Db, endpoint: Endpoint, parsed: Parsed, wallet: Address, reader: Address | undefined): Promise<Authorized> {
  const access = endpoint.roles ? await enforceRoles(db, endpoint.roles, { params: parsed.params, body: parsed.body, wallet }) : {};
  const viewer = endpoint.privateDrafts ? await viewerOf(db, reader) : undefined;
  const capsuleParam = endpoint.privateDrafts?.capsuleParam;
  const capsule = capsuleParam ? await getVisibleCapsuleOrThrow(db, Number((parsed.params as Record<string, unknown>)[capsuleParam]), viewer) : undefined;
  return { access, viewer, capsule };
}
