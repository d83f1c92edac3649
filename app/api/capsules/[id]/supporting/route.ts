import { db } from "@/lib/db/client";
import { capsuleSupporting } from "@/lib/endpoints/capsules/supporting";
import { capsuleSupportingAdd } from "@/lib/endpoints/capsules/supporting-add";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { addSupporting, supportingPage } from "@/lib/services/capsules/evidence-and-supporting";

export const dynamic = "force-dynamic";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/capsules/:id/supporting — related capsule ids with their relationship types
  serve(capsuleSupporting, async ({ params, query, viewer }) => supportingPage(db(), params.id, query, viewer)),
  // POST /api/capsules/:id/supporting — the submitter relates another capsule to this one
  serve(capsuleSupportingAdd, async ({ params, body, wallet, now }) => addSupporting(db(), wallet, params.id, body, now)),
);
