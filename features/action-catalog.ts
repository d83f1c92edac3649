import { describeRule } from "@/lib/endpoints/role-rule";
import { endpoints, type RegisteredEndpoint } from "@/features/registry";
import { DRAFT_READ_ACTION } from "@/lib/endpoints/define";

// Every action name the bridge accepts in a signed token (served by /api/meta/action-keys),
// derived from the endpoint descriptors: their method, path and declared roles.

type Signed = Extract<RegisteredEndpoint, { action: string }>;
export type ActionName = Signed["action"] | typeof DRAFT_READ_ACTION;

export type ActionEntry = { method: string; path: string; roles: string };

const signed = endpoints.filter((endpoint): endpoint is Signed => "action" in endpoint);

// A signed read: optional on the reads that can show drafts; one action for all of them (the token is bound to the path).
const draftRead: ActionEntry = {
  method: "GET",
  path: endpoints.filter((e) => "privateDrafts" in e).map((e) => e.path).join(", "),
  roles: "any signed wallet; drafts are shown only to their author and to the active Editors of their outlet",
};

export const actionCatalog = Object.fromEntries([
  ...signed.map((endpoint) => {
    const who = describeRule("roles" in endpoint ? endpoint.roles : undefined);
    const note = "rolesNote" in endpoint ? `; ${endpoint.rolesNote}` : "";
    return [endpoint.action, { method: endpoint.method, path: endpoint.path, roles: `${who}${note}` }];
  }),
  [DRAFT_READ_ACTION, draftRead],
]) as Record<ActionName, ActionEntry>;

export const actionNames: ActionName[] = [...signed.map((endpoint) => endpoint.action), DRAFT_READ_ACTION];
