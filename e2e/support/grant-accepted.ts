import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ApiError } from "@/lib/api/api-client";
import { roleGrant } from "@/features/roles/grant.endpoint";
import { roleOffers } from "@/features/roles/offers.endpoint";
import { roleOfferAccept } from "@/features/roles/offer-accept.endpoint";
import type { bridgeClient } from "@/test/support/bridge-client";

/**
 * A role grant as it takes effect: the grant (to another wallet only an offer), then the grantee's
 * accept. An offer left open by an earlier try (a retried worker) is accepted as it is.
 */
export async function grantAccepted(api: ReturnType<typeof bridgeClient>, byKey: Hex, outletSlug: string, granteeKey: Hex, roleId: number) {
  const wallet = privateKeyToAccount(granteeKey).address;
  let offerId: string;
  try {
    const granted = await api.call(roleGrant, { body: { outletSlug, wallet, roleId } }, byKey);
    if (granted.status === "granted") return granted;
    offerId = granted.offer.offerId;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "CONFLICT" && error.message.includes("open offer"))) throw error;
    const open = (await api.call(roleOffers, { body: { outletSlug } }, granteeKey)).received.find((o) => o.roleId === roleId);
    if (!open) throw error;
    offerId = open.offerId;
  }
  return api.call(roleOfferAccept, { body: { offerId } }, granteeKey);
}
