// The start log's last line when `npm start` fails: the error in words, with what to do where the
// cause is a common one (a port another program holds: the web server's listen, or anvil's own
// "Address already in use"; a chain state file anvil cannot parse, left by a version that let anvil
// write it in place; a PostgreSQL server that cannot be reached or refuses the connection; an
// external chain node that does not answer).
import { BaseError, HttpRequestError, TimeoutError } from "viem";

const PORT_SETTINGS = "CAPSULE_PORT for the web server, CAPSULE_ANVIL_PORT for the bundled anvil, BOUNTY_PORT for the bounty service";

/** A Node or driver error's `code` (a socket code, a PostgreSQL SQLSTATE), or "". */
function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code?: unknown }).code) : "";
}

/** The URL, or undefined when the setting is not one. */
function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const NOT_A_URL = "(an address that is not a URL)";

export function startFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const inUse = errorCode(error) === "EADDRINUSE" || /EADDRINUSE|address already in use/i.test(message);
  if (inUse) {
    const address = /([0-9]{1,3}(?:\.[0-9]{1,3}){3}:[0-9]{1,5})/.exec(message)?.[1];
    return `${address ?? "an address"} is already in use by another program (${message}). Stop that program, or choose another port: ${PORT_SETTINGS}`;
  }
  const damaged = /--state <PATH>|--load-state <PATH>/.test(message) && /failed to parse json file: "([^"]+)"/.exec(message);
  if (damaged) {
    return (
      `the chain's state file ${damaged[1]} is damaged and anvil cannot load it (${message.split("\n")[0]}). ` +
      "Restore the data directory from a backup (npm run restore), or move the file away to start a new, empty chain"
    );
  }
  return message;
}

/** Where DATABASE_URL points, without its credentials: host, port and database. */
export function describePostgresUrl(databaseUrl: string): string {
  const url = parsedUrl(databaseUrl);
  if (!url) return NOT_A_URL;
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
  return `${url.hostname || "localhost"}:${url.port || "5432"}/${database}`;
}

// PostgreSQL's SQLSTATE codes and Node's socket codes a first connection fails with, in words
const POSTGRES_FAILURES: Record<string, string> = {
  ECONNREFUSED: "refused the connection: is PostgreSQL running there, and listening on TCP?",
  ENOTFOUND: "is a host name that does not resolve",
  EAI_AGAIN: "is a host name that could not be resolved now",
  ETIMEDOUT: "did not answer in time",
  EHOSTUNREACH: "cannot be reached from this machine",
  "28P01": "refused the user name or password",
  "28000": "refused the login",
  "3D000": "has no such database: create it first (createdb), or name another",
  "42501": "refused the user the rights the migrations need",
  "57P03": "is starting up or shutting down: try again in a moment",
};

/**
 * The start's first use of PostgreSQL failed: when it could not connect or log in, says which server
 * (never the URL's credentials), why in words and how to get out of it; any other error as it was.
 */
export function postgresStartError(error: unknown, databaseUrl: string): unknown {
  const why = POSTGRES_FAILURES[errorCode(error)];
  if (!why) return error;
  const message = error instanceof Error && error.message ? ` (${error.message})` : "";
  return new Error(
    `PostgreSQL at ${describePostgresUrl(databaseUrl)} (DATABASE_URL) ${why}${message}. ` +
      "Correct DATABASE_URL, or leave it unset to run on the embedded SQLite database in CAPSULE_DATA_DIR",
    { cause: error },
  );
}

/**
 * The start's first call to an external chain node (CAPSULE_NODE_RPC_URL) got no answer: says which
 * node (host and port only: a provider's URL often holds its key) and how to get out of it; any other
 * error (the node answered, e.g. with an error) as it was.
 */
export function chainNodeStartError(error: unknown, rpcUrl: string): unknown {
  const unanswered = error instanceof BaseError ? error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) : null;
  if (!(unanswered instanceof BaseError)) return error;
  const url = parsedUrl(rpcUrl);
  const node = url ? `${url.protocol}//${url.host}` : NOT_A_URL;
  const http = unanswered instanceof HttpRequestError ? unanswered : undefined;
  const reason = unanswered instanceof TimeoutError ? "did not answer in time" : http?.status ? `answered HTTP ${http.status}` : `could not be reached (${http?.details || "no answer"})`;
  return new Error(
    `the chain node at ${node} (CAPSULE_NODE_RPC_URL) ${reason}. ` +
      "Start the node or correct CAPSULE_NODE_RPC_URL, or leave it unset to run the bundled anvil",
    { cause: error },
  );
}
