/** Something read when first needed, once. */
export type Lazy<T> = () => Promise<T>;

/** A loader that runs once; a failed load is tried again on the next call. */
export function once<T>(load: Lazy<T>): Lazy<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    loading.catch(() => (loading = undefined));
    return loading;
  };
}
