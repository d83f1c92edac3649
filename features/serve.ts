import "server-only";
import { serveWith } from "@/lib/http/endpoint-route";
import { authorizeWith } from "./roles/authorize-request";
import { roleScopes } from "./role-scopes";
import { capsuleRead } from "./capsules/read.endpoint";
import { visibleCapsuleForRead } from "./capsules/capsule-view";

// The route wrapper with the roles feature's authorize stage and every feature's scope resolvers:
// what every route file and the fast read path serve their endpoints with (lib/http names the stage
// and imports no feature).
// a by-id capsule read checks its viewer against the row that comes with the rest of its read (one statement on PostgreSQL)
export const serve = serveWith(authorizeWith(roleScopes, { [capsuleRead.id]: visibleCapsuleForRead }));
export { endpointRoutes, reply } from "@/lib/http/endpoint-route";
