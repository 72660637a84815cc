// The local OpenID provider's pages: the sign-in form (inputs "Name" and "Email", button "Sign in")
// and its error page. Plain HTML with no script at all; the one style sheet is allowed by its hash,
// so the Content-Security-Policy below needs no 'unsafe-inline'.
import { createHash } from "node:crypto";

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f7;color:#1d1d1f}
main{max-width:24rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{margin:0 0 1rem;color:#3a3a3c}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid #8e8e93;border-radius:6px}
input[aria-invalid=true]{border-color:#b00020}
.error{color:#b00020;margin:.25rem 0 0}
button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:600;border:0;border-radius:6px;background:#1a56db;color:#fff;cursor:pointer}
button.secondary{margin-top:.75rem;background:transparent;color:#1a56db;border:1px solid #1a56db}
:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
`;

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/**
 * No script may run; styles only from the block above; the page cannot be framed. `form-action`
 * is left out on purpose: browsers apply it to every redirect after the form is posted, and this
 * form's redirects end at the web app's origin (the API's callback sends the browser there).
 */
export const LOCAL_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SignInPageInput {
  /** Where the form posts: the interaction's own address. */
  action: string;
  /** Where "Cancel" posts: ends the sign-in with access_denied. */
  abortAction: string;
  values: { name: string; email: string };
  errors: Partial<Record<"name" | "email", string>>;
}

function field(
  id: "name" | "email",
  label: string,
  type: "text" | "email",
  autocomplete: string,
  input: SignInPageInput,
): string {
  const error = input.errors[id];
  const described =
    error === undefined ? "" : ` aria-invalid="true" aria-describedby="${id}-error"`;
  const message =
    error === undefined ? "" : `\n<p class="error" id="${id}-error">${escapeHtml(error)}</p>`;
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" required value="${escapeHtml(input.values[id])}"${described}>${message}`;
}

export function renderSignInPage(input: SignInPageInput): string {
  const hasErrors = Object.keys(input.errors).length > 0;
  const summary = hasErrors
    ? `<p class="error" role="alert">Check the fields marked below.</p>\n`
    : "";
  return page(
    "Sign in - Life Admin (local)",
    `<h1>Sign in</h1>
<p>Local development sign-in: no password is needed. The same email always signs in as the same person.</p>
${summary}<form method="post" action="${escapeHtml(input.action)}">
${field("name", "Name", "text", "name", input)}
${field("email", "Email", "email", "email", input)}
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return page(
    "Sign-in problem - Life Admin (local)",
    `<h1>Sign-in problem</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Go back to the app and start the sign-in again.</p>`,
  );
}
