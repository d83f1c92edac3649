import { db } from "@/lib/db/client";
import { capsuleSupporting } from "@/features/capsules/supporting.endpoint";
import { capsuleSupportingAdd } from "@/features/capsules/supporting-add.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { addSupporting, supportingPage } from "@/features/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/supporting — related capsule ids with their relationship types
  serve(capsuleSupporting, async ({ params, query, viewer }) => supportingPage(db(), params.id, query, viewer)),
  // POST /api/capsules/:id/supporting — the submitter relates another capsule to this one
  serve(capsuleSupportingAdd, async ({ params, body, wallet, now }) => addSupporting(db(), wallet, params.id, body, now)),
);
