import { ZListingPage, ZListListingsQuery } from "@/features/rights/rights.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/rights/listings
export const rightsListings = defineEndpoint({
  id: "rights.listings",
  method: "GET",
  path: "/api/rights/listings",
  summary: "Rights listings, newest first, by capsule and/or outlet",
  query: ZListListingsQuery,
  response: ZListingPage,
  rateLimit: ["public-get"],
  errors: [],
});
