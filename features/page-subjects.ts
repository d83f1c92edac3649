import "server-only";
import { cache } from "react";
import { db } from "@/lib/db/client";
import { findCapsule } from "@/features/capsules/capsules.repository";
import { ZCapsuleId } from "@/features/capsules/capsules.schema";
import { findCase } from "@/features/court/court.repository";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";

// What the desk's dynamic pages are about, looked up on the server so a page whose subject does not
// exist answers a real 404 (notFound()) instead of a 200 whose client then says "not found".
// cache(): generateMetadata and the page share one look-up per request.

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * Whether a capsule row has this id, whoever may see it. A draft nobody may see without signing in
 * still counts: the server render has no session (it lives in the browser), so a 404 here would hide
 * an author's own draft from them; their signed read in the browser decides (docs/DECISIONS.md,
 * "Desk pages answer 404 for what does not exist").
 */
export const capsuleExists = cache(async (id: string): Promise<boolean> => ZCapsuleId.safeParse(id).success && (await findCapsule(db(), Number(id))) !== undefined);

export const courtCaseExists = cache(async (id: string): Promise<boolean> => ID.test(id) && (await findCase(db(), Number(id))) !== undefined);

/** The court's own outlet counts before its row is made (the outlet reads make it on first use). */
export const outletExists = cache(
  async (slug: string): Promise<boolean> => slug === COURT_OUTLET_SLUG || (ZSlug.safeParse(slug).success && (await findOutletBySlug(db(), slug)) !== undefined),
);
