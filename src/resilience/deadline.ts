/** A call that outlived its client-side deadline: it was aborted, whatever the server was doing. */
export class DeadlineExceeded extends Error {
  override readonly name = "DeadlineExceeded";
}

/**
 * Runs `work` with an abort signal that fires after `ms`, and settles by then even if `work` does not heed the signal: a server that
 * accepts the connection and never answers cannot hold the caller. A server-side timeout (Storage's `timeout=`) is no such bound: it needs
 * the server to answer.
 */
export async function withDeadline<T>(what: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineExceeded(`${what}: no answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
