import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/roles/role-catalog";
import { revokeRefusal } from "@/lib/roles/revoke-rule";

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
