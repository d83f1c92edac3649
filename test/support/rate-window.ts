/**
 * Rate limits count in fixed windows aligned to the clock (lib/rate-limit/rate-limiter.ts). A test
 * that spends a whole budget waits, when needed, until at least `needSeconds` of the current window
 * remain, so its requests cannot straddle a window edge and get a fresh budget half-way.
 */
export async function awayFromWindowEdge(needSeconds = 20, windowSeconds = 60): Promise<void> {
  const intoWindow = (Date.now() / 1000) % windowSeconds;
  const left = windowSeconds - intoWindow;
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, Math.ceil(left * 1000) + 50));
}
