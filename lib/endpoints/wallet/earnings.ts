import { ZEarningsPage, ZEarningsQuery } from "@/lib/schemas/revenue";
import { ZWalletParams } from "@/lib/schemas/roles";
import { defineEndpoint } from "../define";

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
