import fs from "node:fs";

// CAPSULE_OPERATOR_KEY_FILE: the operator key read from a file that only the service user can read,
// so the key is not in the environment of the process (visible in /proc/<pid>/environ to the same
// user and often copied into unit files and CI logs).
export class OperatorKeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperatorKeyFileError";
  }
}

/** Reads and checks the key file; the error messages never quote the file's content. */
export function readOperatorKeyFile(file: string): `0x${string}` {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new OperatorKeyFileError(`CAPSULE_OPERATOR_KEY_FILE ${file} does not exist or cannot be read`);
  }
  if (!stat.isFile()) throw new OperatorKeyFileError(`CAPSULE_OPERATOR_KEY_FILE ${file} is not a regular file`);
  if ((stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, "0");
    throw new OperatorKeyFileError(
      `CAPSULE_OPERATOR_KEY_FILE ${file} has mode ${mode}: group and others may read it; run \`chmod 600 ${file}\``,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new OperatorKeyFileError(`CAPSULE_OPERATOR_KEY_FILE ${file} belongs to uid ${stat.uid}, not to the service user (uid ${uid})`);
  }
  const text = fs.readFileSync(file, "utf8").trim();
  const hex = text.startsWith("0x") || text.startsWith("0X") ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new OperatorKeyFileError(`CAPSULE_OPERATOR_KEY_FILE ${file} does not hold a private key (64 hex digits, optionally 0x-prefixed)`);
  }
  return `0x${hex}`;
}

/** The environment with CAPSULE_OPERATOR_KEY taken from CAPSULE_OPERATOR_KEY_FILE when that is set. */
export function withOperatorKeyFile(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const file = source.CAPSULE_OPERATOR_KEY_FILE;
  if (!file) return source;
  if (source.CAPSULE_OPERATOR_KEY !== undefined) {
    throw new OperatorKeyFileError("set either CAPSULE_OPERATOR_KEY or CAPSULE_OPERATOR_KEY_FILE, not both");
  }
  return { ...source, CAPSULE_OPERATOR_KEY: readOperatorKeyFile(file) };
}
