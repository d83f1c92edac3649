// Every action name the bridge accepts in a signed token (served by /api/meta/action-keys).
// `roles` documents who may perform it; the route enforces it.
export const actionCatalog = {
  "auth.check": { method: "POST", path: "/api/auth/check", roles: "any wallet; answers who signed (tests a client's signing setup)" },
  "auth.session.revoke": { method: "POST", path: "/api/auth/session/revoke", roles: "the session's wallet (signed by the wallet or the session key)" },
  "outlets.create": { method: "POST", path: "/api/outlets/create", roles: "any wallet; becomes the outlet's owner and Editor (voting once its Editor bond is held)" },
  "outlets.verify": { method: "POST", path: "/api/outlets/verify", roles: "outlet owner or Editor" },
  "roles.grant": { method: "POST", path: "/api/roles/grant", roles: "outlet owner or Editor; Court clerk (4) only by the operator at capsule-court" },
  "roles.revoke": { method: "POST", path: "/api/roles/revoke", roles: "outlet owner or Editor; Court clerk (4) only by the operator at capsule-court" },
  "capsules.create": { method: "POST", path: "/api/capsules/create", roles: "Journalist, Reporter or Editor of the outlet" },
  "capsules.update": { method: "POST", path: "/api/capsules/update", roles: "the draft's submitter" },
  "capsules.submit": { method: "POST", path: "/api/capsules/:id/submit", roles: "the draft's submitter, holding a bonded role" },
  "capsules.vote": { method: "POST", path: "/api/capsules/:id/vote", roles: "a wallet with a bonded Editor role at the outlet" },
  "capsules.history.add": { method: "POST", path: "/api/capsules/:id/history", roles: "author role at the outlet" },
  "capsules.supporting.add": { method: "POST", path: "/api/capsules/:id/supporting", roles: "the capsule's submitter" },
  "capsules.evidence.add": { method: "POST", path: "/api/capsules/:id/evidence", roles: "the capsule's submitter or a contributor" },
  "capsules.dispute": { method: "POST", path: "/api/capsules/:id/dispute", roles: "any wallet holding an active bond" },
  "capsules.accept": { method: "POST", path: "/api/capsules/:id/accept", roles: "any signed wallet, after the window" },
  "capsules.reject": { method: "POST", path: "/api/capsules/:id/reject", roles: "the submitter (withdraw) or an Editor of the outlet" },
  "court.verdict": { method: "POST", path: "/api/court/case/:id/verdict", roles: "a wallet with the Court Clerk role (4)" },
  "rights.create": { method: "POST", path: "/api/rights/create", roles: "the capsule's submitter or an Editor of the outlet" },
  "rights.license": { method: "POST", path: "/api/rights/license", roles: "any signed wallet" },
  "vault.upload": { method: "POST", path: "/api/vault/upload", roles: "any signed wallet" },
} as const;

export type ActionName = keyof typeof actionCatalog;
export const actionNames = Object.keys(actionCatalog) as ActionName[];
