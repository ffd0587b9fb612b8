import { ConfigurationError } from "../domain";

/** node's net.Server, or restify's Server (which re-emits its http server's errors). */
interface Listenable {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
  removeListener(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

interface ListenTarget {
  port: number;
  host: string;
  setting: string;
  what: string;
}

/** Listens, or fails with a ConfigurationError naming the port and the setting that changes it, not a bare EADDRINUSE. */
export async function listenOrExplain(server: Listenable, target: ListenTarget): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(explainListenError(error, target));
    server.once("error", failed);
    server.listen(target.port, target.host, () => {
      server.removeListener("error", failed);
      resolve();
    });
  });
}

function explainListenError(error: NodeJS.ErrnoException, target: ListenTarget): Error {
  const where = `port ${target.port} on ${target.host}`;
  switch (error.code) {
    case "EADDRINUSE":
      return new ConfigurationError(
        `Cannot start ${target.what}: ${where} is already in use (another Procura, \`npm run dev\` or another program). Stop it, or set ${target.setting} to a free port (${target.setting}=0 picks any).`,
        error,
      );
    case "EACCES":
      return new ConfigurationError(
        `Cannot start ${target.what}: ${where} needs privileges this process does not have. Set ${target.setting} to a port above 1023.`,
        error,
      );
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return new ConfigurationError(
        `Cannot start ${target.what}: ${target.host} is not an address of this machine. Set HOST to one of its addresses (or leave it unset).`,
        error,
      );
    default:
      return error;
  }
}
