import { ZEarningsPage, ZEarningsQuery } from "@/features/wallet/revenue.schema";
import { ZWalletParams } from "@/features/roles/roles.schema";
import { defineEndpoint } from "@/lib/endpoints/define";

// GET /api/wallet/:address/earnings
export const walletEarnings = defineEndpoint({
  id: "wallet.earnings",
  method: "GET",
  path: "/api/wallet/:address/earnings",
  summary: "The wallet's revenue ledger: its part of ad impressions and of licence payments released from escrow, newest first",
  params: ZWalletParams,
  query: ZEarningsQuery,
  response: ZEarningsPage,
  rateLimit: ["public-get"],
  errors: [],
  example: { params: { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
});
