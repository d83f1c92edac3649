// The start log's last line when `npm start` fails: the error in words, with what to do where the
// cause is a common one (a port another program holds: the web server's listen, or anvil's own
// "Address already in use"; a chain state file anvil cannot parse, left by a version that let anvil
// write it in place).

const PORT_SETTINGS = "CAPSULE_PORT for the web server, CAPSULE_ANVIL_PORT for the bundled anvil, BOUNTY_PORT for the bounty service";

export function startFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error !== null && "code" in error ? (error as { code?: unknown }).code : undefined;
  const inUse = code === "EADDRINUSE" || /EADDRINUSE|address already in use/i.test(message);
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
