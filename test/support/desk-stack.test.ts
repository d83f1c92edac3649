import { expect, it } from "vitest";
import { startDeskStack } from "./desk-stack";
import { waitFor } from "./wait-for";

// startDeskStack stops what did start when a later step fails: here the stack refuses its environment
// after the DNS server is listening, and the server's socket must not outlive the failed start.

const openUdpSockets = () => process.getActiveResourcesInfo().filter((resource) => resource === "UDPWrap").length;

it("closes its DNS server when the stack refuses to start", async () => {
  const before = openUdpSockets();
  const failure = await startDeskStack("sqlite", { env: { CAPSULE_RATE_WRITE_PER_MIN: "not-a-number" } }).then(
    () => "started",
    (error: unknown) => String(error),
  );
  expect(failure).toMatch(/the stack exited with code/);
  // a closed socket leaves the list of active resources on a later turn of the event loop
  await waitFor(() => openUdpSockets() === before, "the DNS server's socket to close", 5_000);
});
