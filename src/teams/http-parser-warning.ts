// restify 11 (the newest on Node 20; 12 needs Node 22) loads spdy, whose http-deceiver calls `process.binding('http_parser')` as it
// loads: Node prints DEP0111 at every start about code that never runs on our path (spdy serves HTTP/2). That warning alone is
// dropped. Imported before restify.
const emitWarning = process.emitWarning.bind(process);

process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === "string" ? warning : warning.message;
  const code = rest.includes("DEP0111") || (typeof rest[0] === "object" && (rest[0] as { code?: string } | null)?.code === "DEP0111");
  if (code && text.includes("process.binding('http_parser')")) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
};
