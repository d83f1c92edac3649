import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { formerOwnerKeepsMemberFlag, memberFlagAfterRoleEnds, ownershipAcceptRefusal, ownershipOfferRefusal, wouldPassUnverifiedBound } from "@/lib/roles/ownership-rules";
import { MAX_UNVERIFIED_OUTLETS } from "@/lib/outlets/unverified-bound";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const offer = (over: Partial<Parameters<typeof ownershipOfferRefusal>[0]>) =>
  ownershipOfferRefusal({ outletSlug: "desk", wallet: WALLET, actorIsOwner: true, walletIsOwner: false, walletIsEditor: true, openOfferTo: undefined, walletPastUnverifiedBound: false, ...over });

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

  it("refuses an Editor that taking the outlet would put past the bound on never-verified outlets with 409, after the other checks", () => {
    expect(offer({ walletPastUnverifiedBound: true })).toEqual({
      code: "CONFLICT",
      message: `${WALLET} already has ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; outlet "desk" may be offered to it once its domain, or one of those, is verified`,
    });
    expect(offer({ walletPastUnverifiedBound: true, walletIsEditor: false })?.code).toBe("INVALID_STATE");
    expect(offer({ walletPastUnverifiedBound: true, actorIsOwner: false })?.code).toBe("FORBIDDEN");
  });
});

describe("the bound on never-verified outlets at a handover", () => {
  it("counts only an outlet never verified, against the ones the wallet already owns", () => {
    expect(wouldPassUnverifiedBound(MAX_UNVERIFIED_OUTLETS - 1, true)).toBe(false);
    expect(wouldPassUnverifiedBound(MAX_UNVERIFIED_OUTLETS, true)).toBe(true);
    expect(wouldPassUnverifiedBound(MAX_UNVERIFIED_OUTLETS + 5, false)).toBe(false);
  });
});

describe("when an offered Editor may accept", () => {
  const accept = (over: Partial<Parameters<typeof ownershipAcceptRefusal>[0]>) =>
    ownershipAcceptRefusal({ outletSlug: "desk", offeredByIsOwner: true, walletIsEditor: true, walletPastUnverifiedBound: false, ...over });

  it("accepts while the offerer owns the outlet and the wallet is an Editor", () => {
    expect(accept({})).toBeUndefined();
    expect(accept({ offeredByIsOwner: false })?.code).toBe("INVALID_STATE");
    expect(accept({ walletIsEditor: false })).toEqual({
      code: "INVALID_STATE",
      message: `You no longer hold the Editor role at outlet "desk"; only one of its Editors may take its ownership over`,
    });
  });

  it("refuses an accept that would put the wallet past the bound on never-verified outlets with 409", () => {
    expect(accept({ walletPastUnverifiedBound: true })).toEqual({
      code: "CONFLICT",
      message: `You already have ${MAX_UNVERIFIED_OUTLETS} outlets whose domain is not verified yet, the most one wallet may have at once; verify one of them first, or have the domain of outlet "desk" verified, then accept`,
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
