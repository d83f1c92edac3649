import { z } from "zod";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/badge.svg
export const capsuleBadge = defineEndpoint({
  id: "capsules.badge",
  method: "GET",
  path: "/api/capsules/:id/badge.svg",
  summary: "An embeddable SVG badge with the article's integrity label (title: the court's finding), linking to its proof",
  description:
    'Answers image/svg+xml, not JSON. Embed with `<a href="<site>/read/<id>"><img src="<site>/api/capsules/<id>/badge.svg" alt="Capsule integrity label"></a>` or the iframe page /embed/<id>. A capsule not yet finalized gets a grey "not published" badge; a draft or unknown id is 404 CAPSULE_NOT_FOUND.',
  privateDrafts: { capsuleParam: "id" },
  params: ZCapsuleIdParams,
  response: z.string().meta({ description: "image/svg+xml document" }),
  rateLimit: ["public-get"],
  errors: ["CAPSULE_NOT_FOUND", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" } },
});
