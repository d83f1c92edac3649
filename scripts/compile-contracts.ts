// `npm run contracts:compile`: compiles contracts/*.sol and writes the typed ABIs in lib/chain/abi.
import fs from "node:fs";
import path from "node:path";
import { compileContracts, renderAbiModules } from "@/lib/chain/compile-contracts";

const abiDir = path.resolve(import.meta.dirname, "..", "lib", "chain", "abi");
const { sourceHash, artifacts } = compileContracts({ log: (m) => console.log(m) });
fs.mkdirSync(abiDir, { recursive: true });
for (const [file, text] of Object.entries(renderAbiModules(artifacts))) {
  fs.writeFileSync(path.join(abiDir, file), text);
  console.log(`wrote lib/chain/abi/${file}`);
}
console.log(`source hash ${sourceHash}`);
