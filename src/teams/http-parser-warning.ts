/**
 * restify 11 (the newest that runs on Node 20; restify 12 needs Node 22 and no longer loads spdy)
 * loads spdy, whose http-deceiver reads `process.binding('http_parser')` as it loads: Node then prints
 * DEP0111 at every start, about code that is not ours and never runs on our path (spdy serves HTTP/2,
 * which the bot does not). That one warning is dropped; every other warning is printed as before.
 * Imported before restify.
 */
const emitWarning = process.emitWarning.bind(process);

process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === "string" ? warning : warning.message;
  const code = rest.includes("DEP0111") || (typeof rest[0] === "object" && (rest[0] as { code?: string } | null)?.code === "DEP0111");
  if (code && text.includes("process.binding('http_parser')")) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
};
