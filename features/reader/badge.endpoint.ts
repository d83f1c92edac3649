import { z } from "zod";
import { ZCapsuleIdParams } from "@/features/capsules/capsules.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/capsules/:id/badge.svg
export const capsuleBadge = defineEndpoint({
  id: "capsules.badge",
  method: "GET",
  path: "/api/capsules/:id/badge.svg",
  summary: "An embeddable SVG badge with the article's integrity label (title: the court's finding); link it to the article with an <a> around its <img>",
  description:
    'Answers image/svg+xml, not JSON. Embed with `<a href="<site>/read/<id>#chain-heading" target="_blank" rel="noopener"><img src="<site>/api/capsules/<id>/badge.svg" alt="Capsule integrity label (opens in a new tab)"></a>` or the iframe page /embed/<id>. The link is the `<a>` around the image: an SVG shown by `<img>` is a picture, and the link inside the SVG works only when the SVG is opened itself. A capsule not yet finalized gets a grey "not published" badge; a draft or unknown id is 404 CAPSULE_NOT_FOUND.',
  privateDrafts: { capsuleParam: "id" },
  params: ZCapsuleIdParams,
  response: z.string().meta({ description: "image/svg+xml document" }),
  rateLimit: ["public-get"],
  errors: ["CAPSULE_NOT_FOUND", "MISDIRECTED_REQUEST"],
  example: { params: { id: "1" } },
});
