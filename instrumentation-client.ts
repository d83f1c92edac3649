import { z } from "zod";

// Runs in the browser before the pages' own code (Next.js's client instrumentation file). Pages run
// under a Content-Security-Policy without 'unsafe-eval' (lib/http/content-security-policy.ts): zod's
// compiled object parsers would probe for eval with Function(""), which the browser blocks and
// reports as a violation on every page. Its interpreted parsers give the same results.
z.config({ jitless: true });
