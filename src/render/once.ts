/** Memoises a load; a failed one (offline, out of memory) does not stick: the next call tries again. */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const started = start();
      started.catch(() => {
        if (pending === started) pending = null;
      });
      pending = started;
    }
    return pending;
  };
}
