import type { ChildProcess } from "node:child_process";

// How `npm start` ends. The first SIGTERM, SIGINT or SIGHUP stops every part in order (the web server
// drains its requests for up to CAPSULE_SHUTDOWN_GRACE_MS, WebSockets close with 1001, the indexer
// stops at a batch boundary, anvil saves its state) and exits 0 (1 if a part failed to stop). A
// second signal exits at once with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM),
// after passing SIGTERM on to child processes so anvil still writes its state. A shutdown that
// hangs past the grace period plus 30 s exits 1, after passing SIGTERM on alike.
const children = new Set<ChildProcess>();

/** A child process (anvil) that must get the signal even when the shutdown is cut short. */
export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
}

// SIGHUP too: a closed terminal or a dropped SSH session sends it, and Node's default for it ends the
// process at once, without draining requests, and left the bundled anvil running with its port taken.
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

export function installSignalHandlers(options: {
  /** Stops every part; resolves true when all stopped cleanly. */
  stopAll: () => Promise<boolean>;
  say: (message: string) => void;
  graceMs: number;
}): void {
  let stopping = false;
  const onSignal = (signal: keyof typeof SIGNAL_NUMBERS) => {
    const code = 128 + SIGNAL_NUMBERS[signal];
    if (stopping) {
      options.say(`${signal} received again: exiting at once (exit code ${code})`);
      for (const child of children) child.kill("SIGTERM");
      process.exit(code);
    }
    stopping = true;
    options.say(`${signal} received, stopping (a second signal exits at once)…`);
    setTimeout(() => {
      options.say("stopping took too long: exiting");
      for (const child of children) child.kill("SIGTERM"); // anvil still saves its state
      process.exit(1);
    }, options.graceMs + 30_000).unref();
    void options.stopAll().then((clean) => {
      options.say(clean ? "stopped" : "stopped, with errors (see above)");
      process.exit(clean ? 0 : 1);
    });
  };
  process.on("SIGHUP", () => onSignal("SIGHUP"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
}
