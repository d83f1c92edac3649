// Every server and process the bench starts registers its stop here, so Ctrl-C or a failure
// still stops them (in reverse order) before the bench exits.
const stops: Array<() => Promise<void>> = [];

export function onCleanup(stop: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    stops.splice(stops.indexOf(once), 1);
    await stop();
  };
  stops.push(once);
  return once;
}

export async function cleanupAll(): Promise<void> {
  for (const stop of [...stops].reverse()) await stop().catch((error: unknown) => console.error(`[bench] cleanup failed: ${String(error)}`));
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping everything the bench started…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}
