/**
 * The one way a URL is shown (start banner, logs, /healthz, errors, telemetry, reports): endpoint
 * settings may carry credentials in the userinfo (`https://user:password@host`) or the query
 * (`?api-key=…`, SAS tokens), so both are dropped, with the fragment.
 */

/**
 * A URL anywhere in a text: a scheme, `://`, then anything up to white space, a quote, a bracket, or
 * a comma that starts the next URL of a list.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s"'`<>()[\]{},]|,(?![a-z][a-z0-9+.-]*:\/\/))+/gi;
/** The scheme and authority (userinfo, host, port) of a URL as written. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING_PUNCTUATION = /[.,;:!]+$/;

/** The URL without userinfo, query or fragment; a URL that has none of them is returned as written. */
export function redactUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return stripSecretParts(url);
  if (!parsed.username && !parsed.password && !/[?#]/.test(url)) return url;
  // `new URL("https://h?x").pathname` is "/": keep "https://h" as written, without a slash.
  const authority = AUTHORITY.exec(url)?.[0] ?? "";
  const path = parsed.pathname === "/" && url.charAt(authority.length) !== "/" ? "" : parsed.pathname;
  return `${parsed.protocol}//${parsed.host}${path}`;
}

/** The text with every URL in it shown as `redactUrl` shows it. */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    return redactUrl(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

/** What cannot be parsed as a URL still loses anything before an `@` after the scheme, and everything from `?` or `#`. */
function stripSecretParts(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1").replace(/[?#].*$/s, "");
}
