import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 11 item 4 and docs/ARCHITECTURE.md: no SQL transaction is held across a chain round-trip.
// A static scan of lib/ and features/: every function that reaches the node (a viem client method,
// directly or through other functions, matched by name) is a "chain function"; no transaction
// callback in a feature (`db.transaction().execute(cb)`, `withNonceRetry(db, cb)`) may call one.

const root = path.resolve(import.meta.dirname, "..", "..");

// viem client methods that are a round-trip to the node (local signing is not)
const NODE_METHODS = new Set([
  "readContract", "simulateContract", "writeContract", "estimateGas", "estimateFeesPerGas", "estimateContractGas", "getTransactionCount",
  "getBalance", "getBlock", "getBlockNumber", "getLogs", "getContractEvents", "call", "multicall", "sendRawTransaction", "sendTransaction",
  "waitForTransactionReceipt", "getTransactionReceipt", "getTransaction", "getCode", "getChainId", "request", "deployContract",
]);

type Source = { file: string; sf: ts.SourceFile };
type Fn = { name: string; file: string; body: ts.Node };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const parse = (file: string, text = fs.readFileSync(file, "utf8")): Source => ({ file, sf: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) });

function functionsOf(source: Source): Fn[] {
  const found: Fn[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) found.push({ name: node.name.text, file: source.file, body: node.body });
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) found.push({ name: node.name.text, file: source.file, body: init.body });
    }
    if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name) && node.body) found.push({ name: node.name.text, file: source.file, body: node.body });
    ts.forEachChild(node, visit);
  };
  visit(source.sf);
  return found;
}

/** Node round-trips made directly in `body`: `<something client-ish>.<NODE_METHOD>(…)`. */
function callsNode(body: ts.Node): boolean {
  let hit = false;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && NODE_METHODS.has(node.expression.name.text)) {
      if (/client/i.test(node.expression.expression.getText())) hit = true;
    }
    if (!hit) ts.forEachChild(node, visit);
  };
  visit(body);
  return hit;
}

/** Names called in `body` (plain identifiers: `foo(…)`, and awaited/returned calls alike). */
function calledNames(body: ts.Node): Array<{ name: string; node: ts.Node }> {
  const names: Array<{ name: string; node: ts.Node }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) names.push({ name: node.expression.text, node });
    ts.forEachChild(node, visit);
  };
  visit(body);
  return names;
}

/** Every function name (of lib/) that reaches the node, to a fixed point over calls by name. */
export function chainFunctions(all: Fn[]): Set<string> {
  const chain = new Set(all.filter((fn) => callsNode(fn.body)).map((fn) => fn.name));
  for (let changed = true; changed; ) {
    changed = false;
    for (const fn of all) {
      if (chain.has(fn.name)) continue;
      if (calledNames(fn.body).some((c) => chain.has(c.name))) {
        chain.add(fn.name);
        changed = true;
      }
    }
  }
  return chain;
}

/** The transaction callbacks of a file: `X.transaction().execute(cb)` and `withNonceRetry(db, cb)`. */
function transactionCallbacks(source: Source): ts.Node[] {
  const callbacks: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isExecute = ts.isPropertyAccessExpression(callee) && callee.name.text === "execute" && /\.transaction\(\)$/.test(callee.expression.getText());
      const isRetry = ts.isIdentifier(callee) && callee.text === "withNonceRetry";
      const cb = isExecute ? node.arguments[0] : isRetry ? node.arguments[1] : undefined;
      if (cb && (ts.isArrowFunction(cb) || ts.isFunctionExpression(cb))) callbacks.push(cb.body);
      else if (cb && ts.isIdentifier(cb)) callbacks.push(cb);
    }
    ts.forEachChild(node, visit);
  };
  visit(source.sf);
  return callbacks;
}

function violations(services: Source[], chain: Set<string>, all: Fn[]): string[] {
  const found: string[] = [];
  for (const source of services) {
    for (const cb of transactionCallbacks(source)) {
      const bodies = ts.isIdentifier(cb) ? all.filter((fn) => fn.file === source.file && fn.name === cb.text).map((fn) => fn.body) : [cb];
      for (const body of bodies) {
        if (callsNode(body)) found.push(`${path.relative(root, source.file)}: a node round-trip inside a transaction callback`);
        for (const call of calledNames(body)) {
          if (!chain.has(call.name)) continue;
          const { line } = source.sf.getLineAndCharacterOfPosition(call.node.getStart());
          found.push(`${path.relative(root, source.file)}:${line + 1}: ${call.name}() reaches the chain inside a SQL transaction`);
        }
      }
    }
  }
  return found;
}

describe("no chain round-trip inside a SQL transaction (features)", () => {
  const lib = [...sources(path.join(root, "lib")), ...sources(path.join(root, "features"))].filter((file) => !file.endsWith(".test-support.ts")).map((file) => parse(file));
  const all = lib.flatMap(functionsOf);
  const chain = chainFunctions(all);

  it("knows the chain functions (the scan itself works)", () => {
    for (const name of ["readBond", "bondOf", "chainNow", "prepareOperatorTx", "broadcastStaged", "awaitOperatorTx", "broadcastAndAwait", "activityTime", "prepareWalletSync"]) {
      expect(chain.has(name), name).toBe(true);
    }
    // local work: signing and storing an outbox row is not a round-trip
    expect(chain.has("stageOperatorTx")).toBe(false);
    expect(chain.has("stageWalletSync")).toBe(false);
  });

  it("flags a chain call inside a transaction callback (as record-verdict did with sendPenalty)", () => {
    const sample = parse(
      path.join(root, "features/sample/sample.ts"),
      `export async function bad(db) { await db.transaction().execute(async (trx) => { await insertThing(trx); await readBond(wallet); }); }
       export async function alsoBad(db) { return withNonceRetry(db, async (trx) => chainClients().publicClient.getBlock()); }
       export async function good(db) { const bond = await readBond(wallet); await db.transaction().execute(async (trx) => insertThing(trx, bond)); }`,
    );
    expect(violations([sample], chain, [...all, ...functionsOf(sample)])).toEqual([
      "features/sample/sample.ts:1: readBond() reaches the chain inside a SQL transaction",
      "features/sample/sample.ts: a node round-trip inside a transaction callback",
    ]);
  });

  it("finds none in the features", () => {
    const services = lib.filter((s) => s.file.startsWith(path.join(root, "features") + path.sep));
    expect(services.length).toBeGreaterThan(200);
    expect(violations(services, chain, all)).toEqual([]);
  });
});
