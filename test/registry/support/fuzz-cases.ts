import type { Endpoint } from "@/lib/endpoints/define";

// A bounded walk of every route with what a careless or hostile client sends: bad path
// parameters, bad bodies, bad queries and methods the route does not take.

export type FuzzCase = { endpoint: Endpoint; method: string; path: string; body?: string; sign?: boolean; note: string };

export const badParams = ["%", "%25", "%2531", "%E0%A4%A", "..", "%2e%2e", "%00", "%2F", "a%20b", "-1", "0", "1e3", "x".repeat(3000), "%C3%A9t%C3%A9"];
export const badBodies = ["", "{", "[]", "null", '"text"', "42", '{"__proto__":{"x":1}}', `${"[".repeat(2000)}${"]".repeat(2000)}`, JSON.stringify({ unexpected: true, nested: { a: [1, 2, { b: null }] } })];
export const badQueries = ["?page=0", "?page=-1", "?limit=101", "?limit=abc", "?page=%", "?page=%E0%A4%A", "?page=1&page=2", `?outlet=${"x".repeat(500)}`, "?status=%00"];
export const otherMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"];

/** The template with every parameter set from `params`, values inserted as given (not encoded). */
const fill = (endpoint: Endpoint, params: Record<string, string>) => endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1");

export function fuzzCases(list: readonly Endpoint[], sample: (endpoint: Endpoint) => Record<string, string>): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const endpoint of list) {
    const good = sample(endpoint);
    const signed = endpoint.action !== undefined;
    for (const name of Object.keys(good)) {
      for (const value of badParams) {
        const path = fill(endpoint, { ...good, [name]: value });
        cases.push({ endpoint, method: endpoint.method, path, body: signed ? "{}" : undefined, sign: signed, note: `${name}=${value.slice(0, 20)}` });
      }
    }
    if (endpoint.method === "POST") {
      for (const body of badBodies) cases.push({ endpoint, method: "POST", path: fill(endpoint, good), body, sign: signed, note: `body ${body.slice(0, 20)}` });
      cases.push({ endpoint, method: "POST", path: fill(endpoint, good), body: JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) }), sign: false, note: "2 MiB body, unsigned" });
    }
    if (endpoint.query) for (const query of badQueries) cases.push({ endpoint, method: "GET", path: `${fill(endpoint, good)}${query}`, note: `query ${query.slice(0, 20)}` });
    for (const method of otherMethods.filter((m) => m !== endpoint.method)) cases.push({ endpoint, method, path: fill(endpoint, good), note: `method ${method}` });
  }
  return cases;
}
