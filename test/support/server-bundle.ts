import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The integration suite starts about 150 servers (`scripts/start.ts`). Under tsx each start spent about 1.5 s of
// its 4 s of CPU compiling and resolving the server's own TypeScript (docs/PERFORMANCE.md, "Test suite duration,
// integration stacks, 2026-12-07"). The suite's global setup (test/support/global-setup.ts) bundles that
// TypeScript once per run with esbuild into a temporary folder; a stack then starts it with plain node. Only the
// project's own code is bundled: every package stays an import that node resolves from the checkout's
// node_modules as under tsx (Next.js and its build output are untouched), "server-only" still goes through
// scripts/server-only-hook.mjs, and each module's import.meta.url / dirname / filename keep naming its source
// file, so what is computed from them (the contracts folder, the Next.js dir, createRequire, a script's
// entry-point check) is what it is under tsx.

/** The environment variable naming the run's bundle folder (set by the global setup). */
export const SERVER_BUNDLE_ENV = "CAPSULE_TEST_SERVER_BUNDLE";

/** The scripts bundled: the start command and the commands the integration tests run (operations, `npm run verify`). */
export const BUNDLED_SCRIPTS = ["start.ts", "migrate.ts", "backup.ts", "restore.ts", "verify.ts"] as const;
type BundledScript = (typeof BUNDLED_SCRIPTS)[number];

const rootDir = path.resolve(import.meta.dirname, "..", "..");
const RESOLVE_HOOK = "resolve-from-checkout.mjs";
const bundleName = (script: string) => script.replace(/\.ts$/, ".mjs");

/** Bundles each of BUNDLED_SCRIPTS with the project's modules it imports into `outDir` (one file each). */
export async function buildServerBundle(outDir: string, root: string = rootDir): Promise<string> {
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: BUNDLED_SCRIPTS.map((script) => path.join(root, "scripts", script)),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // functions and classes keep their own names where two modules' top-level names collide (error names, logs)
    keepNames: true,
    // packages (next, react, viem, better-sqlite3, server-only, …) stay imports, loaded from node_modules as under tsx
    packages: "external",
    // a linked map: with source maps on, stack traces name the TypeScript files, as under tsx
    sourcemap: "linked",
    sourcesContent: false,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
    plugins: [
      {
        name: "source-file-import-meta",
        setup(build) {
          build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const source = await fs.promises.readFile(args.path, "utf8");
            const contents = source
              .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
              .replaceAll("import.meta.filename", JSON.stringify(args.path))
              .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
            return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts" };
          });
        },
      },
    ],
  });
  // node resolves a bare import from the importing file's folder, and the bundles live outside the checkout: a
  // resolve hook (the start's `--import`) resolves their imports from scripts/ instead, with node's own resolver
  // and conditions, so each package is the very file a tsx start loads
  const bundles = BUNDLED_SCRIPTS.map((script) => pathToFileURL(path.join(outDir, bundleName(script))).href);
  fs.writeFileSync(
    path.join(outDir, "resolve-from-checkout-hooks.mjs"),
    [
      `const bundles = new Set(${JSON.stringify(bundles)});`,
      `const scripts = ${JSON.stringify(pathToFileURL(path.join(root, "scripts", "start.ts")).href)};`,
      "export async function resolve(specifier, context, next) {",
      "  if (!bundles.has(context.parentURL)) return next(specifier, context);",
      "  const from = { ...context, parentURL: scripts };",
      "  try {",
      "    return await next(specifier, from);",
      "  } catch (error) {",
      "    // tsx, like a bundler, completes an extensionless deep import (next/dist/…/app-router-headers): so does this",
      "    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || /\\.[cm]?js$/.test(specifier)) throw error;",
      "    return next(`${specifier}.js`, from);",
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(outDir, RESOLVE_HOOK), `import { register } from "node:module";\nregister("./resolve-from-checkout-hooks.mjs", import.meta.url);\n`);
  return outDir;
}

/**
 * The node arguments that run the run's bundle of `scripts/<script>`, when the global setup built one for the checkout
 * `root` (else undefined). `serverOnlyHook`: as its npm script, with scripts/server-only-hook.mjs (every script but
 * `npm run verify`, which runs without it).
 */
export function bundledScriptArgs(script: BundledScript, options: { root?: string; serverOnlyHook?: boolean } = {}): string[] | undefined {
  const dir = process.env[SERVER_BUNDLE_ENV];
  if (!dir || path.resolve(options.root ?? rootDir) !== rootDir) return undefined;
  const bundle = path.join(dir, bundleName(script));
  if (!fs.existsSync(bundle)) return undefined;
  // tsx turns source maps on for the whole process (the build's chunks included); a bundled run keeps that
  return ["--enable-source-maps", ...(options.serverOnlyHook === false ? [] : ["--import", "./scripts/server-only-hook.mjs"]), "--import", pathToFileURL(path.join(dir, RESOLVE_HOOK)).href, bundle];
}

/**
 * The node arguments (after the node flags) that run `scripts/<script>` of `root` with the server-only hook: the
 * run's bundle, else tsx as a loader (a file run outside vitest, another checkout).
 */
export function serverScriptArgs(script: BundledScript, root: string = rootDir): string[] {
  return bundledScriptArgs(script, { root }) ?? ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", `scripts/${script}`];
}
