/**
 * Waits for `task` at most `ms`: true when it settled in time, false when the time ran out (the task
 * keeps running). What a graceful shutdown needs to wait for work in hand without hanging on it.
 */
export async function within(task: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const finished = await Promise.race([task.then(() => true as const), timeout]);
  clearTimeout(timer);
  return finished;
}
