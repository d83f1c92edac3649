import "server-only";
import { capsuleScope } from "./capsules/role-scope";
import { caseScope } from "./court/role-scope";
import { outletScope } from "./outlets/role-scope";
import { inputField, type RoleScopes } from "./roles/enforce-roles";

// Where each scope of a descriptor's `roles` (lib/endpoints/role-rule.ts) finds its outlet and capsule:
// the resolvers live with the features whose rows they read; this table hands them to the authorize stage.
export const roleScopes: RoleScopes = {
  bodyOutlet: (db, input) => outletScope(db, String(inputField(input.body, "outletSlug"))),
  capsuleOutlet: (db, input) => capsuleScope(db, Number(inputField(input.params, "id")), input.wallet),
  bodyCapsuleOutlet: (db, input) => capsuleScope(db, Number(inputField(input.body, "capsuleId")), input.wallet),
  caseCapsuleOutlet: (db, input) => caseScope(db, Number(inputField(input.params, "id"))),
};
