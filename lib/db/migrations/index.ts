import type { Migration } from "kysely";
import * as foundation from "./2026-11-23-0001-foundation";
import * as bounty from "./2026-11-23-0005-bounty";
import * as outletsRoles from "./2026-11-23-0010-outlets-roles";
import * as capsules from "./2026-11-23-0020-capsules";
import * as courtRightsAdsVault from "./2026-11-23-0030-court-rights-ads-vault";
import * as authSessions from "./2026-11-23-0040-auth-sessions";

// Static registry (no filesystem scan) so migrations bundle with Next and run under tsx alike.
// Append new migrations here; names sort in the order they apply.
export const migrations: Record<string, Migration> = {
  "2026-11-23-0001-foundation": foundation,
  "2026-11-23-0005-bounty": bounty,
  "2026-11-23-0010-outlets-roles": outletsRoles,
  "2026-11-23-0020-capsules": capsules,
  "2026-11-23-0030-court-rights-ads-vault": courtRightsAdsVault,
  "2026-11-23-0040-auth-sessions": authSessions,
};
