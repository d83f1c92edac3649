/**
 * Rate limits count in fixed windows aligned to the clock (lib/rate-limit/rate-limiter.ts). A test
 * that spends a whole budget waits, when needed, until at least `needSeconds` of the current window
 * remain, so its requests cannot straddle a window edge and get a fresh budget half-way. The bursts
 * that call it (at most 41 requests) take under 2 s on two loaded cores, so 10 s is room enough; each
 * second asked for costs a wait of need²/2·window on average (20 s: 3.3 s a call, 10 s: 0.8 s).
 */
export async function awayFromWindowEdge(needSeconds = 10, windowSeconds = 60): Promise<void> {
  const intoWindow = (Date.now() / 1000) % windowSeconds;
  const left = windowSeconds - intoWindow;
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, Math.ceil(left * 1000) + 50));
}
