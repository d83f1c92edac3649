import type { LeaderDuty } from "./leadership";

export type StartedDuty = { name: string; stop: () => Promise<void> };

/** Starts the duties in order; if one fails, those already started are stopped and the error thrown. */
export async function startDuties(duties: LeaderDuty[], log: (m: string) => void): Promise<StartedDuty[]> {
  const started: StartedDuty[] = [];
  try {
    for (const duty of duties) {
      log(`leadership: starting ${duty.name}…`);
      const handle = await duty.start();
      started.push({ name: duty.name, stop: handle.stop });
    }
    return started;
  } catch (error) {
    await stopDuties(started, log);
    throw error;
  }
}

/** Stops the duties in reverse order; a failing stop is logged and the others still stop. */
export async function stopDuties(started: StartedDuty[], log: (m: string) => void): Promise<void> {
  for (const duty of [...started].reverse()) {
    try {
      await duty.stop();
    } catch (error) {
      log(`leadership: stopping ${duty.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
