import "server-only";
import { serveWith } from "@/lib/http/endpoint-route";
import { authorizeWith } from "./roles/authorize-request";
import { roleScopes } from "./role-scopes";

// The route wrapper with the roles feature's authorize stage and every feature's scope resolvers:
// what every route file and the fast read path serve their endpoints with (lib/http names the stage
// and imports no feature).
export const serve = serveWith(authorizeWith(roleScopes));
export { endpointRoutes, reply } from "@/lib/http/endpoint-route";
