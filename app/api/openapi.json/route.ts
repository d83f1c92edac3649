import { openApiDocument } from "@/lib/endpoints/meta/openapi";
import { openApiFor } from "@/lib/endpoints/openapi/document";
import { endpointRoutes, serve } from "@/lib/http/endpoint-route";
import { publicOrigin } from "@/lib/http/public-origin";

export const dynamic = "force-dynamic";

// GET /api/openapi.json — the bridge as an OpenAPI 3.1 document, generated from the endpoint descriptors
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(
  serve(openApiDocument, async ({ request }) => openApiFor(publicOrigin(request))),
);
