import { db } from "@/lib/db/client";
import { capsuleSubmit } from "@/features/capsules/submit.endpoint";
import { endpointRoutes, serve } from "@/features/serve";
import { issueSubmitVoucher } from "@/features/capsules/submit";

export const dynamic = "force-dynamic";

// POST /api/capsules/:id/submit — authorize a draft; answers the signed SubmitVoucher the wallet sends with the fee
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = endpointRoutes(serve(capsuleSubmit, async ({ params, body, wallet, now }) => issueSubmitVoucher(db(), wallet, params.id, now, body.ifRevision)));
