import { ZConfigResponse } from "@/features/system/system.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/config
export const config = defineEndpoint({
  id: "system.config",
  method: "GET",
  path: "/api/config",
  summary: "Public configuration; rpcUrl is the public JSON-RPC gateway, never the internal node",
  response: ZConfigResponse,
  rateLimit: ["public-get"],
  errors: ["MISDIRECTED_REQUEST"],
});
