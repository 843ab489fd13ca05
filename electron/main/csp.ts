// The Content-Security-Policy of every page we load: sent as a header by main (and by the e2e server) and
// repeated in index.html's meta tag.
/** A strict policy: our own scripts only, no eval, no remote origins, no plugins, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
