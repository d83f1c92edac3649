import { ZOpenApiDocument } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/openapi.json
export const openApiDocument = defineEndpoint({
  id: "meta.openapi",
  method: "GET",
  path: "/api/openapi.json",
  summary: "This API as an OpenAPI 3.1 document, generated from the endpoint descriptors",
  response: ZOpenApiDocument,
  rateLimit: ["public-get"],
  errors: ["MISDIRECTED_REQUEST"],
});
