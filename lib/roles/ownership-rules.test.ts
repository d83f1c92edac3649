import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { formerOwnerKeepsMemberFlag, memberFlagAfterRoleEnds, ownershipAcceptRefusal, ownershipOfferRefusal } from "@/lib/roles/ownership-rules";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const offer = (over: Partial<Parameters<typeof ownershipOfferRefusal>[0]>) =>
  ownershipOfferRefusal({ outletSlug: "desk", wallet: WALLET, actorIsOwner: true, walletIsOwner: false, walletIsEditor: true, openOfferTo: undefined, ...over });

describe("who may offer an outlet's ownership, and to whom", () => {
  it("lets the owner offer it to one of its Editors", () => {
    expect(offer({})).toBeUndefined();
  });

  it("refuses anyone but the owner with 403, whoever the wallet is", () => {
    expect(offer({ actorIsOwner: false })).toEqual({ code: "FORBIDDEN", message: `Only the owner of outlet "desk" may offer its ownership` });
    expect(offer({ actorIsOwner: false, walletIsEditor: false })?.code).toBe("FORBIDDEN");
  });

  it("refuses the owner itself, a second open offer and a wallet that is no Editor with 409", () => {
    expect(offer({ walletIsOwner: true })).toEqual({ code: "CONFLICT", message: `${WALLET} already owns outlet "desk"` });
    expect(offer({ openOfferTo: OTHER })).toEqual({ code: "CONFLICT", message: `The ownership of outlet "desk" is already offered to ${OTHER}; withdraw that offer first` });
    expect(offer({ walletIsEditor: false })).toEqual({
      code: "INVALID_STATE",
      message: `${WALLET} is not an Editor of outlet "desk"; its ownership is offered only to one of its Editors (appoint the wallet Editor first)`,
    });
  });
});

describe("when an offered Editor may accept", () => {
  it("accepts while the offerer owns the outlet and the wallet is an Editor", () => {
    expect(ownershipAcceptRefusal({ outletSlug: "desk", offeredByIsOwner: true, walletIsEditor: true })).toBeUndefined();
    expect(ownershipAcceptRefusal({ outletSlug: "desk", offeredByIsOwner: false, walletIsEditor: true })?.code).toBe("INVALID_STATE");
    expect(ownershipAcceptRefusal({ outletSlug: "desk", offeredByIsOwner: true, walletIsEditor: false })).toEqual({
      code: "INVALID_STATE",
      message: `You no longer hold the Editor role at outlet "desk"; only one of its Editors may take its ownership over`,
    });
  });
});

describe("the member flag when a role ends", () => {
  const ends = (over: Partial<Parameters<typeof memberFlagAfterRoleEnds>[0]>) => memberFlagAfterRoleEnds({ roleId: ROLE.JOURNALIST, remainingRoleIds: [], holderIsOwner: false, formerOwner: false, ...over });

  it("clears it with a Journalist's or Reporter's last such role, and leaves an Editor's alone", () => {
    expect(ends({})).toBe(false);
    expect(ends({ roleId: ROLE.REPORTER, remainingRoleIds: [ROLE.EDITOR] })).toBe(false);
    expect(ends({ remainingRoleIds: [ROLE.REPORTER] })).toBeUndefined();
    expect(ends({ roleId: ROLE.EDITOR })).toBeUndefined();
  });

  it("leaves the owner's, whatever role ends", () => {
    expect(ends({ holderIsOwner: true })).toBeUndefined();
    expect(ends({ holderIsOwner: true, formerOwner: true, roleId: ROLE.EDITOR })).toBeUndefined();
  });

  it("keeps a former owner's while it holds any role there, and clears it with its last", () => {
    expect(ends({ formerOwner: true, roleId: ROLE.JOURNALIST, remainingRoleIds: [ROLE.EDITOR] })).toBeUndefined();
    expect(ends({ formerOwner: true, roleId: ROLE.EDITOR, remainingRoleIds: [] })).toBe(false);
    expect(formerOwnerKeepsMemberFlag([ROLE.EDITOR])).toBe(true);
    expect(formerOwnerKeepsMemberFlag([])).toBe(false);
  });
});
