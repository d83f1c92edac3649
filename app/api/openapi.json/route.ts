import { openApiDocument } from "@/features/operator/openapi.endpoint";
import { openApiFor } from "@/features/openapi/document";
import { endpointRoutes, serve } from "@/features/serve";
import { publicOrigin } from "@/lib/http/public-origin";

export const dynamic = "force-dynamic";

// GET /api/openapi.json — the bridge as an OpenAPI 3.1 document, generated from the endpoint descriptors
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(openApiDocument, async ({ request }) => openApiFor(publicOrigin(request))),
);
