import { db } from "@/lib/db/client";
import { capsuleBadge } from "@/features/reader/badge.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";
import { badgeData } from "@/features/reader/badge-data";
import { badgeSvg } from "@/features/reader/label-badge";

export const dynamic = "force-dynamic";

// GET /api/capsules/:id/badge.svg — the label badge outlets embed on their own sites
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(capsuleBadge, async ({ params, request }) => {
    const svg = badgeSvg(await badgeData(db(), params.id, publicOrigin(request)));
    return new Response(svg, {
      headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=300", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'", "x-content-type-options": "nosniff" },
    });
  }),
);
