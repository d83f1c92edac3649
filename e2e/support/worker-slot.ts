// Each Playwright worker has a stack of its own (e2e/global-setup.ts). Its addresses are kept under
// CAPSULE_E2E_<NAME>_<slot>; a worker (its slot is Playwright's TEST_PARALLEL_INDEX) reads them under the plain
// names the specs and helpers use, set by useWorkerSlot before any spec is loaded (playwright.config.ts).

export const E2E_SLOT_VARIABLES = ["CAPSULE_E2E_BASE_URL", "CAPSULE_E2E_NODE_RPC_URL", "CAPSULE_E2E_BOUNTY_URL", "CAPSULE_E2E_DATA_DIR", "CAPSULE_E2E_DNS_RECORDS"] as const;

export const slotVariable = (name: string, slot: number) => `${name}_${slot}`;

/** In a worker process: its slot's addresses under the plain names. Elsewhere (the runner's own process) nothing. */
export function useWorkerSlot(env: NodeJS.ProcessEnv = process.env): void {
  const slot = env.TEST_PARALLEL_INDEX;
  if (slot === undefined) return;
  for (const name of E2E_SLOT_VARIABLES) {
    const value = env[slotVariable(name, Number(slot))];
    if (value !== undefined) env[name] = value;
  }
}
