import fs from "node:fs";
import path from "node:path";
import { withRouteTable } from "@/features/api-route-table";
import { generatedRegistryFiles } from "@/scripts/registry-files";
import { describe, expect, it } from "vitest";
import { actionCatalog, actionNames } from "@/features/action-catalog";
import { DRAFT_READ_ACTION, type Endpoint } from "@/lib/endpoints/define";
import { endpointList as endpoints } from "@/features/registry";

// Every app/api/**/route.ts is built from registered descriptors, and every descriptor has its route.

const root = path.resolve(import.meta.dirname, "..", "..");
const apiDir = path.join(root, "app", "api");
const FALLBACK = path.join("[[...path]]", "route.ts");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, full)] : [];
  });
}

/** `capsules/[id]/vote/route.ts` → `/api/capsules/:id/vote` */
const templateOf = (file: string) => `/api/${path.dirname(file).split(path.sep).map((part) => part.replace(/^\[(\w+)\]$/, ":$1")).join("/")}`.replace(/\/\.$/, "");

/** A descriptor module, by its path from the repository root (`features/court/reply.endpoint.ts`). */
const loadDescriptors = async (file: string) => (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, Endpoint>;

/** Local name → `module:export` of every descriptor (a `*.endpoint.ts` module) a source imports. */
function descriptorImports(source: string): Map<string, string> {
  const imports = new Map<string, string>();
  for (const match of source.matchAll(/import \{ ([^}]+) \} from "@\/([\w/-]+\.endpoint)";/g)) {
    for (const name of (match[1] ?? "").split(",")) {
      const [imported, local] = name.trim().split(/\s+as\s+/);
      if (imported) imports.set(local ?? imported, `${match[2]}:${imported}`);
    }
  }
  return imports;
}

async function descriptorOf(file: string, imports: Map<string, string>, local: string): Promise<Endpoint> {
  const ref = imports.get(local);
  expect(ref, `${file}: serve(${local}) must use a descriptor imported from a *.endpoint.ts module`).toBeDefined();
  const [module, name] = (ref ?? ":").split(":") as [string, string];
  const loaded = await loadDescriptors(`${module}.ts`);
  expect(loaded[name], `${file}: ${module} exports ${name}`).toBeDefined();
  return loaded[name] as Endpoint;
}

/**
 * The descriptors a route file serves: `serve(<name>, …)` with `<name>` imported from a descriptor
 * module, or a handler imported from features/*-reads.ts (shared with the fast path) that is `serve(<name>, …)` there.
 */
async function servedBy(file: string): Promise<Endpoint[]> {
  const source = fs.readFileSync(path.join(apiDir, file), "utf8");
  const served: Endpoint[] = [];
  const imports = descriptorImports(source);
  for (const match of source.matchAll(/serve\((\w+),/g)) served.push(await descriptorOf(file, imports, match[1] ?? ""));
  for (const shared of sharedHandlers(file, source)) served.push(await descriptorOf(shared.module, descriptorImports(shared.moduleSource), shared.descriptor));
  return served;
}

/** The handlers a route file imports from features/*-reads.ts: each one's descriptor name and its definition's text. */
function sharedHandlers(file: string, source: string): Array<{ module: string; moduleSource: string; descriptor: string; definition: string }> {
  return [...source.matchAll(/import \{ ([^}]+) \} from "@\/features\/([\w-]+-reads)";/g)].flatMap((match) => {
    const module = `features/${match[2]}.ts`;
    const moduleSource = fs.readFileSync(path.join(root, module), "utf8");
    return (match[1] ?? "").split(",").map((name) => {
      const start = moduleSource.indexOf(`export const ${name.trim()} = serve(`);
      expect(start, `${file}: ${module} defines ${name.trim()} = serve(…)`).toBeGreaterThanOrEqual(0);
      const end = moduleSource.indexOf("\nexport const ", start + 1);
      const definition = moduleSource.slice(start, end < 0 ? undefined : end);
      return { module, moduleSource, descriptor: /= serve\((\w+),/.exec(definition)?.[1] ?? "", definition };
    });
  });
}

/** A route file's handler code: the file itself and the definitions of the shared handlers it serves. */
function handlerSource(file: string): string {
  const source = fs.readFileSync(path.join(apiDir, file), "utf8");
  return [source, ...sharedHandlers(file, source).map((shared) => shared.definition)].join("\n");
}

describe("the endpoint registry and the route files", () => {
  const files = routeFiles(apiDir);

  it("serves every route file from registered descriptors whose path is the file's path", async () => {
    const registered = new Set<Endpoint>(endpoints);
    for (const file of files.filter((f) => f !== FALLBACK)) {
      const source = fs.readFileSync(path.join(apiDir, file), "utf8");
      expect(source, `${file} exports every method through endpointRoutes`).toMatch(
        /export const \{ GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE \} = endpointRoutes\(/,
      );
      const served = await servedBy(file);
      expect(served.length, `${file} serves at least one endpoint`).toBeGreaterThan(0);
      for (const endpoint of served) {
        expect(registered.has(endpoint), `${file}: ${endpoint.id} is in features/registry.ts`).toBe(true);
        expect(endpoint.path, `${file}: ${endpoint.id}`).toBe(templateOf(file));
      }
      expect(new Set(served.map((e) => e.method)).size, `${file}: one endpoint per method`).toBe(served.length);
    }
  });

  it("has a route file for every descriptor", async () => {
    const served = new Set<Endpoint>();
    for (const file of files.filter((f) => f !== FALLBACK)) for (const endpoint of await servedBy(file)) served.add(endpoint);
    expect(endpoints.filter((e) => !served.has(e)).map((e) => e.id)).toEqual([]);
  });

  it("keeps route files to one statement whose handler calls code beside its descriptor", () => {
    // the wiring's shared handlers and registry-built answers count as beside every descriptor
    const wiring = /from "@\/features\/([\w-]+-reads|action-catalog|openapi\/document)"/;
    for (const file of files.filter((f) => f !== FALLBACK)) {
      const source = fs.readFileSync(path.join(apiDir, file), "utf8");
      expect(source, `${file} declares nothing of its own`).not.toMatch(/^(const|let|var|function|async function|class|type|interface) /m);
      if (wiring.test(source)) continue;
      for (const [, folder] of source.matchAll(/from "@\/((?:features\/[\w-]+|lib\/auth))\/[\w-]+\.endpoint"/g)) {
        const beside = [...source.matchAll(/from "@\/([\w/-]+)"/g)].map((m) => m[1] ?? "").filter((module) => module.startsWith(`${folder}/`) && !/\.(endpoint|schema)$/.test(module));
        expect(beside, `${file}: its handler calls a module of ${folder}`).not.toEqual([]);
      }
    }
  });

  it("keeps one fallback route: unknown /api paths in the seed's error body", () => {
    expect(files).toContain(FALLBACK);
    expect(fs.readFileSync(path.join(apiDir, FALLBACK), "utf8")).toMatch(/= unknownApiRoute;/);
  });

  it("gives every descriptor a unique id, a unique method and path, and a sample for each path parameter", () => {
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(endpoints.length);
    expect(new Set(endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(endpoints.length);
    for (const endpoint of endpoints) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(endpoint.example?.params ?? {}).sort(), endpoint.id).toEqual(names.sort());
      expect(endpoint.params !== undefined, `${endpoint.id} parses its path parameters`).toBe(names.length > 0);
    }
  });

  it("gives every descriptor with a body a sample body its schemas accept (shown in the reference, sent by the registry tests)", () => {
    for (const endpoint of endpoints) {
      expect(endpoint.example?.body !== undefined, `${endpoint.id} has a sample body exactly when it takes a body`).toBe(endpoint.body !== undefined);
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(endpoint.example?.body);
        expect(parsed.success, `${endpoint.id}: ${parsed.error?.message ?? ""}`).toBe(true);
      }
      if (endpoint.params) expect(endpoint.params.safeParse(endpoint.example?.params).success, endpoint.id).toBe(true);
    }
  });

  it("keeps drafts private on every read of one capsule: each GET under /api/capsules/:id declares privateDrafts", () => {
    const reads = endpoints.filter((e) => e.method === "GET" && /^\/api\/capsules\/:id(\/|$)/.test(e.path));
    expect(reads.length).toBeGreaterThan(8);
    expect(reads.filter((e) => e.privateDrafts?.capsuleParam !== "id").map((e) => e.id)).toEqual([]);
  });

  it("makes conditional exactly the public reads whose route files return conditional(…)", async () => {
    const conditionalIds = endpoints.filter((e) => e.conditional).map((e) => e.id).sort();
    expect(conditionalIds).toEqual(["capsules.history", "capsules.list", "capsules.read", "capsules.votes", "outlets.list", "outlets.read"]);
    for (const file of files.filter((f) => f !== FALLBACK)) {
      const source = handlerSource(file);
      const tagged = (await servedBy(file)).some((e) => e.conditional);
      expect(/\bconditional\(/.test(source), `${file} returns conditional(…) exactly when its GET descriptor says conditional`).toBe(tagged);
    }
    expect(endpoints.filter((e) => e.conditional && e.method !== "GET").map((e) => e.id)).toEqual([]);
  });

  it("derives the action catalogue from the signed descriptors", () => {
    const signed = endpoints.filter((e): e is Endpoint & { action: string } => e.action !== undefined);
    expect([...actionNames].sort()).toEqual([...signed.map((e) => e.action), DRAFT_READ_ACTION].sort());
    expect(actionCatalog[DRAFT_READ_ACTION]).toMatchObject({ method: "GET", path: expect.stringContaining("/api/capsules/:id") });
    expect(new Set(actionNames).size).toBe(actionNames.length);
    for (const endpoint of signed) {
      expect(endpoint.method).toBe("POST");
      expect(actionCatalog[endpoint.action as keyof typeof actionCatalog]).toMatchObject({ method: "POST", path: endpoint.path, roles: expect.any(String) });
    }
  });

  it("keeps every file written from the registry current (npm run docs:api)", async () => {
    const generated = await generatedRegistryFiles();
    expect(generated.map((g) => path.relative(root, g.file)).sort()).toEqual(["docs/API.md", "features/conditional-reads.ts"]);
    for (const { file, text } of generated) expect(fs.readFileSync(file, "utf8"), `${path.relative(root, file)} is stale: run npm run docs:api`).toBe(text);
  });

  it("lists every route in docs/API.md with its summary: the table is the generated one (npm run docs:api)", () => {
    const doc = fs.readFileSync(path.join(root, "docs", "API.md"), "utf8");
    expect(withRouteTable(doc), "docs/API.md's route table is stale: run npm run docs:api").toBe(doc);
    for (const endpoint of endpoints) expect(doc, `${endpoint.method} ${endpoint.path}`).toContain(`| ${endpoint.method} | \`${endpoint.path}\` | `);
    expect(doc).toContain(`| ${endpoints[0]!.summary} |`);
  });

  it("keeps one descriptor per *.endpoint.ts file, in its feature's folder (auth's in lib/auth)", async () => {
    const found: Endpoint[] = [];
    const descriptorFiles = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? descriptorFiles(`${dir}/${d.name}`) : d.name.endsWith(".endpoint.ts") ? [`${dir}/${d.name}`] : []));
    const files = [...descriptorFiles("features"), ...descriptorFiles("lib")];
    for (const file of files) {
      expect(file, "a descriptor lives in features/<area>/ or lib/auth/").toMatch(/^(features\/[\w-]+|lib\/auth)\/[\w-]+\.endpoint\.ts$/);
      const module = await loadDescriptors(file);
      const exported = Object.values(module).filter((value) => typeof value === "object" && value !== null && "path" in value && "method" in value);
      expect(exported.length, file).toBe(1);
      found.push(...exported);
    }
    expect(new Set(found)).toEqual(new Set(endpoints));
  });
});
