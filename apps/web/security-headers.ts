// decisions D3: the headers every page of the web app is served with. A strict Content Security
// Policy (scripts from our own origin only, never inline; requests only to ourselves and the API;
// no plugins, no <base>, no framing) and no Referer, so a token can never leave in one.
//
// Styles come from our own origin too, with one allowance: 'unsafe-inline' for styles (never for
// scripts), because the modals' scroll lock (Radix Dialog, through react-remove-scroll) writes a
// <style> element at run time, with measured sizes no hash could name in advance.

export function contentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(apiOrigin: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(apiOrigin),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}
