// Outside Next.js, "server-only" has nothing to guard: the whole process is the server.
// Next resolves it under the react-server condition; plain Node (tsx scripts, the custom
// server entry) gets this empty module instead of the package's throwing default.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
        return next(specifier, context);
      }
    `),
  import.meta.url,
);
