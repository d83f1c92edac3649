import type { Address } from "viem";
import type { Db } from "@/lib/db/database";
import type { CapsuleRow } from "@/lib/db/tables/capsules.table";
import type { OutletRow } from "@/lib/db/tables/outlets.table";
import type { Endpoint } from "@/lib/endpoints/define";
import type { Parsed } from "./parse";

// Stage 3: the descriptor's declared roles (403/404), and for reads that can show drafts who is
// reading and whether they may see the named capsule (404 as for a missing id). The pipeline only
// names the stage; the roles feature implements it (features/roles/authorize-request.ts) and
// features/serve.ts hands it to the wrapper, so nothing under lib/http imports a feature.

/** What a rule was checked against: the outlet (absent only for a missing court outlet) and the capsule. */
export type AccessSubject = { outlet?: OutletRow; capsule?: CapsuleRow };

/** A signed reader and the outlets where it is an active Editor; undefined for an anonymous reader. */
export type Viewer = { wallet: Address; editorOutletIds: number[] } | undefined;

export type Authorized = { access: AccessSubject; viewer: Viewer; capsule: CapsuleRow | undefined };

export type Authorize = (db: Db, endpoint: Endpoint, parsed: Parsed, wallet: Address, reader: Address | undefined) => Promise<Authorized>;
