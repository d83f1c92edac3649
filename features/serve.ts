import "server-only";
import { serveWith } from "@/lib/http/endpoint-route";
import { authorizeRequest } from "./roles/authorize-request";

// The route wrapper with the roles feature's authorize stage: what every route file and the fast
// read path serve their endpoints with (lib/http names the stage and imports no feature).
export const serve = serveWith(authorizeRequest);
export { endpointRoutes, reply } from "@/lib/http/endpoint-route";
