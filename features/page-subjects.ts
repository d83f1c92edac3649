import "server-only";
import { cache } from "react";
import { db } from "@/lib/db/client";
import { ZCapsuleId } from "@/features/capsules/capsules.schema";
import { findCase } from "@/features/court/court.repository";
import { findOutletBySlug } from "@/features/outlets/outlets.repository";
import { ZSlug } from "@/features/outlets/outlets.schema";
import { COURT_OUTLET_SLUG } from "@/lib/roles/role-catalog";
import { isDecimalId } from "@/lib/schemas/whole-number";

// What the desk's dynamic pages are about, looked up on the server so a page whose subject does not
// exist answers a real 404 (notFound()) instead of a 200 whose client then says "not found".
// cache(): generateMetadata and the page share one look-up per request.

/**
 * Whether a capsule page can be about this id: any well-formed id, whether a capsule has it or not. The
 * server does not say: a draft is private, and its author's session lives in the browser, so a 404 for
 * unused ids beside a 200 for drafts would tell anyone which ids are drafts. The browser's read (signed
 * for the author) decides, and says "Capsule not found" alike for a draft and an unused id
 * (docs/DECISIONS.md, "Capsule pages do not tell a draft from an unused id").
 */
export const isCapsulePageId = (id: string): boolean => ZCapsuleId.safeParse(id).success;

export const courtCaseExists = cache(async (id: string): Promise<boolean> => isDecimalId(id) && (await findCase(db(), Number(id))) !== undefined);

/** The court's own outlet counts before its row is made (the outlet reads make it on first use). */
export const outletExists = cache(
  async (slug: string): Promise<boolean> => slug === COURT_OUTLET_SLUG || (ZSlug.safeParse(slug).success && (await findOutletBySlug(db(), slug)) !== undefined),
);
