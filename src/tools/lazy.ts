/** Something read when first needed, once. */
export type Lazy<T> = () => Promise<T>;

/**
 * Concurrent first callers share one load; a failed load is tried again on the next call (a transient read error must not poison the
 * process), and only that load is forgotten, so a caller that retried at once is not undone by the failure it saw.
 */
export function once<T>(load: Lazy<T>): Lazy<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading === undefined) {
      const current = load();
      loading = current;
      current.catch(() => {
        if (loading === current) loading = undefined;
      });
    }
    return loading;
  };
}
