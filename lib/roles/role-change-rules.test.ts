import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { grantRefusal, revokeRefusal, withdrawRefusal } from "@/lib/roles/role-change-rules";

const change = (over: Partial<Parameters<typeof revokeRefusal>[0]>) => revokeRefusal({ outletSlug: "desk", roleId: ROLE.JOURNALIST, ownRole: false, actorIsOwner: false, holderIsOwner: false, ...over });

describe("who may revoke whom", () => {
  it("lets a holder give up its own role, the owner's included, and the owner revoke any", () => {
    expect(change({ ownRole: true, roleId: ROLE.EDITOR })).toBeUndefined();
    expect(change({ ownRole: true, actorIsOwner: true, holderIsOwner: true, roleId: ROLE.EDITOR })).toBeUndefined();
    expect(change({ actorIsOwner: true, roleId: ROLE.EDITOR })).toBeUndefined();
  });

  it("lets an Editor revoke Journalist and Reporter roles only, and none of the owner's", () => {
    expect(change({ roleId: ROLE.JOURNALIST })).toBeUndefined();
    expect(change({ roleId: ROLE.REPORTER })).toBeUndefined();
    expect(change({ roleId: ROLE.EDITOR })).toBe(`Only the owner of outlet "desk" may revoke an Editor's role; an Editor may revoke Journalist and Reporter roles`);
    expect(change({ roleId: ROLE.JOURNALIST, holderIsOwner: true })).toBe(`Only the owner of outlet "desk" may give up the owner's roles; an Editor may not revoke them`);
  });
});

describe("who may appoint whom", () => {
  it("lets the owner offer any role and an Editor Journalist and Reporter roles only", () => {
    expect(grantRefusal({ outletSlug: "desk", roleId: ROLE.EDITOR, actorIsOwner: true })).toBeUndefined();
    expect(grantRefusal({ outletSlug: "desk", roleId: ROLE.JOURNALIST, actorIsOwner: false })).toBeUndefined();
    expect(grantRefusal({ outletSlug: "desk", roleId: ROLE.REPORTER, actorIsOwner: false })).toBeUndefined();
    expect(grantRefusal({ outletSlug: "desk", roleId: ROLE.EDITOR, actorIsOwner: false })).toBe(`Only the owner of outlet "desk" may appoint an Editor; an Editor may offer Journalist and Reporter roles`);
  });

  it("lets an Editor withdraw any open offer but one of the Editor role", () => {
    expect(withdrawRefusal({ outletSlug: "desk", roleId: ROLE.JOURNALIST, actorIsOwner: false })).toBeUndefined();
    expect(withdrawRefusal({ outletSlug: "desk", roleId: ROLE.EDITOR, actorIsOwner: true })).toBeUndefined();
    expect(withdrawRefusal({ outletSlug: "desk", roleId: ROLE.EDITOR, actorIsOwner: false })).toBe(`Only the owner of outlet "desk" may withdraw an offer of the Editor role`);
  });
});
