import { describe, expect, it } from "vitest";
import type { ActivityRow } from "@/lib/db/tables/foundation.table";
import { inboxMessage } from "./inbox";

const row = (kind: string): ActivityRow => ({ id: 1, wallet: "0x0000000000000000000000000000000000000001", kind, outlet_slug: "ledger", subject_id: "4", details_json: "{}", tx_hash: null, created_at: 0 });
// 15 Dec 2026, 12:52 UTC
const endsAt = String(Date.UTC(2026, 11, 15, 12, 52) / 1000);

describe("jury period messages in the inbox", () => {
  it("names the round's winner when the appeal period opens, and who may fund it until when", () => {
    const text = inboxMessage(row("inbox.jury_period"), { juryCaseId: "4", capsuleId: "2", period: "appeal", round: "0", endsAt, winner: "challenger" }, "Tram costs forty million");
    expect(text).toBe(
      "The jury ruled for the challenger in round 1 of jury case #4 on “Tram costs forty million”. Either side may fund an appeal until 15 Dec 2026, 12:52 UTC (chain time); the side that lost pays twice what the winner pays.",
    );
  });

  it("writes other periods' deadlines in the desk's date form", () => {
    const text = inboxMessage(row("inbox.jury_period"), { juryCaseId: "4", capsuleId: "2", period: "evidence", round: "0", endsAt }, "Tram costs forty million");
    expect(text).toBe("Jury case #4 on “Tram costs forty million” entered its evidence period, which ends 15 Dec 2026, 12:52 UTC (chain time).");
  });
});

describe("role revocation messages in the inbox", () => {
  it("tells the holder who revoked which role where, that an Editor no longer votes, and that the bond is free", () => {
    const details = { roleId: 3, roleName: "Editor", outletName: "The Ledger", revokedAs: "owner" };
    expect(inboxMessage(row("inbox.role_revoked"), details, "")).toBe(
      "The owner of The Ledger revoked your Editor role there. You no longer vote on its capsules. Your bond is no longer locked for it.",
    );
    expect(inboxMessage(row("inbox.role_revoked"), { ...details, roleId: 1, roleName: "Journalist", revokedAs: "editor" }, "")).toBe(
      "An Editor of The Ledger revoked your Journalist role there. Your bond is no longer locked for it.",
    );
  });
});

describe("role offer messages in the inbox", () => {
  it("names who offers which role at which outlet, where to answer, and until when", () => {
    const details = { offerId: "7", roleId: 3, roleName: "Editor", outletName: "The Ledger", offeredAs: "owner", expiresAt: endsAt };
    expect(inboxMessage(row("inbox.role_offered"), details, "")).toBe(
      "The owner of The Ledger offers you the Editor role; accept or decline it on the newsroom page by 15 Dec 2026, 12:52 UTC (chain time).",
    );
    expect(inboxMessage(row("inbox.role_offered"), { ...details, roleName: "Reporter", offeredAs: "editor" }, "")).toBe(
      "An Editor of The Ledger offers you the Reporter role; accept or decline it on the newsroom page by 15 Dec 2026, 12:52 UTC (chain time).",
    );
  });

  it("says how an answered offer ended instead of asking for an answer", () => {
    const details = { offerId: "7", roleId: 1, roleName: "Journalist", outletName: "The Ledger", offeredAs: "owner", expiresAt: endsAt };
    const ended = (offerStatus: string) => inboxMessage(row("inbox.role_offered"), { ...details, offerStatus }, "");
    expect(ended("accepted")).toBe("The owner of The Ledger offered you the Journalist role; you accepted it.");
    expect(ended("declined")).toBe("The owner of The Ledger offered you the Journalist role; you declined it.");
    expect(ended("withdrawn")).toBe("The owner of The Ledger offered you the Journalist role; it was withdrawn before you answered.");
    expect(ended("expired")).toBe("The owner of The Ledger offered you the Journalist role; it expired before you answered.");
    expect(ended("pending")).toMatch(/offers you the Journalist role; accept or decline it/);
  });
});

describe("a reopened case in the inbox", () => {
  it("says the decision was withdrawn because the chain no longer holds it, and that the case is open again", () => {
    const details = { caseId: "3", capsuleId: "2", withdrawnVerdict: "misleading" };
    expect(inboxMessage(row("inbox.case_reopened"), details, "Ferry fares doubled")).toBe(
      "The verdict (Misleading) in case #3 on “Ferry fares doubled” was withdrawn: the chain no longer holds the jury's final ruling, so the case is open again.",
    );
    expect(inboxMessage(row("inbox.case_reopened"), { ...details, withdrawnVerdict: null }, "Ferry fares doubled")).toBe(
      "The outcome in case #3 on “Ferry fares doubled” was withdrawn: the chain no longer holds the jury's final ruling, so the case is open again.",
    );
  });
});

describe("a void licence in the inbox", () => {
  const details = { licenceId: "9", listingId: "4", capsuleId: "2", licenceType: "exclusive", paymentId: "12", amount: "2000000000000000000" };
  it("tells the buyer the licence is void and the payment went back to them", () => {
    expect(inboxMessage(row("inbox.licence_void"), details, "Ferry fares doubled")).toBe(
      "Your exclusive licence to “Ferry fares doubled” is void: the payment (2 CAP) went back to you before it reached the seller, so the licence grants nothing.",
    );
  });

  it("tells the seller's side the licence sold is void and nothing was paid out", () => {
    expect(inboxMessage(row("inbox.licence_sale_void"), { ...details, licenceType: "non_exclusive", buyer: "0x0000000000000000000000000000000000000003" }, "Ferry fares doubled")).toBe(
      "The non-exclusive licence sold on “Ferry fares doubled” is void: the payment (2 CAP) went back to the buyer, so nothing was paid out for it.",
    );
  });
});

describe("a licence sold in the inbox", () => {
  // it read "A exclusive licence …" and "A non_exclusive licence …"
  it("names the kind of licence in words, with its article", () => {
    const details = { listingId: "4", capsuleId: "2", price: "3000000000000000000" };
    expect(inboxMessage(row("rights.licence_sold"), { ...details, licenceType: "exclusive" }, "Ferry fares doubled")).toBe("An exclusive licence on “Ferry fares doubled” was sold for 3 CAP.");
    expect(inboxMessage(row("rights.licence_sold"), { ...details, licenceType: "non_exclusive" }, "Ferry fares doubled")).toBe("A non-exclusive licence on “Ferry fares doubled” was sold for 3 CAP.");
    expect(inboxMessage(row("rights.licence_sold"), { ...details, price: "0" }, "Ferry fares doubled")).toBe("A licence on “Ferry fares doubled” was sold for 0 CAP.");
  });
});

describe("ownership messages in the inbox", () => {
  const details = { offerId: "9", outletName: "The Ledger", wallet: "0x00000000000000000000000000000000000000E1", offeredBy: "0x00000000000000000000000000000000000000a0" };

  it("tells the Editor what owning the outlet means and where to answer, then how the offer ended", () => {
    expect(inboxMessage(row("inbox.ownership_offered"), details, "")).toBe(
      "The owner of The Ledger offers you its ownership: you would appoint and revoke its Editors and be its party in court cases. Accept or decline it on the outlet's page.",
    );
    expect(inboxMessage(row("inbox.ownership_offered"), { ...details, offerStatus: "withdrawn" }, "")).toBe("The owner of The Ledger offered you its ownership; it was withdrawn before you answered.");
    expect(inboxMessage(row("inbox.ownership_offered"), { ...details, offerStatus: "accepted" }, "")).toBe("The owner of The Ledger offered you its ownership; you accepted it.");
  });

  it("tells the owner of a decline, and both wallets of a handover from their side", () => {
    expect(inboxMessage(row("inbox.ownership_declined"), details, "")).toBe("0x00000000000000000000000000000000000000E1 declined your offer of the ownership of The Ledger; you still own it.");
    const moved = { offerId: "9", outletName: "The Ledger", from: details.offeredBy, to: details.wallet };
    expect(inboxMessage(row("inbox.ownership_transferred"), { ...moved, side: "to" }, "")).toBe(
      "You now own The Ledger: you alone appoint and revoke its Editors, and you are its party in its court cases.",
    );
    expect(inboxMessage(row("inbox.ownership_transferred"), { ...moved, side: "from" }, "")).toBe(
      "0x00000000000000000000000000000000000000E1 accepted the ownership of The Ledger and now owns it; you keep your roles there, but only the new owner appoints and revokes Editors.",
    );
  });
});

describe("offers the bridge closed, in the inbox", () => {
  const owner = "0x00000000000000000000000000000000000000a1";
  it("says an offer of the former owner closed because the ownership passed, and that nothing is to be done", () => {
    const base = { outletName: "The Ledger", reason: "ownership_passed", newOwner: owner };
    expect(inboxMessage(row("inbox.offer_closed"), { ...base, offerKind: "role", roleId: 3, roleName: "Editor" }, "")).toBe(
      `The offer of the Editor role at The Ledger is closed because The Ledger's ownership passed to ${owner}; there is nothing for you to do.`,
    );
    expect(inboxMessage(row("inbox.offer_closed"), { ...base, offerKind: "ownership" }, "")).toBe(
      `The offer of the ownership of The Ledger is closed because The Ledger's ownership passed to ${owner}; there is nothing for you to do.`,
    );
  });

  it("says an offer of the ownership closed with the Editor role it rested on, revoked or given up", () => {
    const base = { outletName: "The Ledger", offerKind: "ownership" };
    expect(inboxMessage(row("inbox.offer_closed"), { ...base, reason: "editor_role_revoked" }, "")).toBe(
      "Your Editor role was revoked at The Ledger, so the offer of the ownership of The Ledger is closed with it; there is nothing for you to do.",
    );
    expect(inboxMessage(row("inbox.offer_closed"), { ...base, reason: "editor_role_given_up" }, "")).toBe(
      "You gave up your Editor role at The Ledger, so the offer of the ownership of The Ledger is closed with it; there is nothing for you to do.",
    );
  });

  it("says an Editor's offer of a role closed with the Editor role of the wallet that made it", () => {
    expect(inboxMessage(row("inbox.offer_closed"), { outletName: "The Ledger", offerKind: "role", roleId: 2, roleName: "Reporter", reason: "offerer_editor_role_ended", offeredBy: owner }, "")).toBe(
      `The offer of the Reporter role at The Ledger is closed because ${owner}, who made it, no longer holds the Editor role there; there is nothing for you to do.`,
    );
  });
});
