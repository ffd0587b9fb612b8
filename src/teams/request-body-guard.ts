import type { Next, RequestHandler, Response } from "restify";

/** A Teams activity is a few kilobytes; a card submit with a long edited draft stays far below this. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

// Decided from the headers, before a byte of the body is read (a refused request's connection is closed): a Content-Encoding other
// than identity is a 415 (Teams never compresses; restify's gunzip has no error handler and its limit counts compressed bytes), a
// declared Content-Length over the limit a 413 (restify's reader still bounds chunked bodies).
export function guardRequestBodies(maxBytes: number = MAX_REQUEST_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    const encodings = contentEncodings(req.header("content-encoding"));
    if (encodings.some((encoding) => encoding !== "identity")) {
      refuse(res, next, 415, `Content-Encoding ${encodings.join(", ")} is not accepted: send the activity uncompressed.`);
      return;
    }
    // restify's reader refuses any encoding it does not unpack, identity included: it means "none".
    if (encodings.length > 0) delete req.headers["content-encoding"];
    const declared = Number(req.header("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      refuse(res, next, 413, `The request body is ${declared} bytes; at most ${maxBytes} are accepted.`);
      return;
    }
    next();
  };
}

function contentEncodings(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((encoding) => encoding.trim().toLowerCase())
    .filter(Boolean);
}

function refuse(res: Response, next: Next, status: number, error: string): void {
  res.setHeader("connection", "close");
  res.json(status, { error });
  next(false);
}
