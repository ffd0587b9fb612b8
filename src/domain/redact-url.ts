/** The one way a URL is shown: endpoint settings may carry credentials in the userinfo or the query (`?api-key=…`, SAS), so both go, with the fragment. */

/** A URL in text: up to white space, a quote, a bracket, or a comma that starts the next URL of a list. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s"'`<>()[\]{},]|,(?![a-z][a-z0-9+.-]*:\/\/))+/gi;
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
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

export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    return redactUrl(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

/** An unparsable URL still loses anything before an `@` after the scheme, and everything from `?` or `#`. */
function stripSecretParts(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1").replace(/[?#].*$/s, "");
}
