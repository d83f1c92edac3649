// Bundles the client islands of the script-free reading pages (components/reader/islands/reader-islands.tsx)
// into public/islands/reader.js with esbuild, Preact (preact/compat) standing in for React: the
// article page then ships a few kilobytes instead of the React and App Router runtimes
// (docs/DECISIONS.md, "The article page without the React runtime"). Run by next.config.mjs for
// `next build` and `next dev`, and by `node scripts/build-islands.mjs`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ISLANDS_ENTRY = path.join(root, "components/reader/islands/reader-islands.tsx");
export const ISLANDS_OUTPUT = path.join(root, "public/islands/reader.js");

/** Server-only modules and Next.js's client code have no place in an island: fail the build instead. */
const refuseServerAndNext = {
  name: "refuse-server-and-next",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(server-only|next(\/.*)?|node:.*)$/ }, (args) => ({
      errors: [{ text: `an island may not import ${args.path} (imported by ${path.relative(root, args.importer)})` }],
    }));
  },
};

/** The islands' bundle in memory, with esbuild's metafile (what each input adds): what buildIslands writes. */
export async function bundleIslands() {
  return build({
    entryPoints: [ISLANDS_ENTRY],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: ["es2020"],
    platform: "browser",
    jsx: "automatic",
    tsconfig: path.join(root, "tsconfig.json"),
    alias: {
      react: "preact/compat",
      "react-dom": "preact/compat",
      "react-dom/client": "preact/compat/client",
      "react/jsx-runtime": "preact/jsx-runtime",
      "react/jsx-dev-runtime": "preact/jsx-runtime",
    },
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "silent",
    plugins: [refuseServerAndNext],
    metafile: true,
  });
}

/** @returns {Promise<{ bytes: number }>} */
export async function buildIslands() {
  const result = await bundleIslands();
  const [output] = result.outputFiles;
  fs.mkdirSync(path.dirname(ISLANDS_OUTPUT), { recursive: true });
  // Several build workers load next.config.mjs at once: write aside, then rename into place.
  const temporary = `${ISLANDS_OUTPUT}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, output.contents);
  fs.renameSync(temporary, ISLANDS_OUTPUT);
  return { bytes: output.contents.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes } = await buildIslands();
  console.log(`islands: ${path.relative(root, ISLANDS_OUTPUT)} (${(bytes / 1024).toFixed(1)} KB)`);
}
