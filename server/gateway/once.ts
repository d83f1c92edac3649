/** `release` that does its work the first time it is called and nothing after (a socket may close twice). */
export function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
