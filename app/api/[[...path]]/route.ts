import { unknownApiRoute } from "@/lib/http/unknown-route";

export const dynamic = "force-dynamic";

// Any /api path no endpoint claims: 404 NOT_FOUND in the seed's body, counted as a public GET.
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = unknownApiRoute;
