import type { ConsentView } from "./api-clients.service.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A short scope list for people: "offer: all, get, create" rather than thirty scope strings. */
function describeScopes(scopes: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  const lines: string[] = [];
  for (const scope of scopes) {
    if (scope === "profile") lines.push("your public profile (username, name, picture)");
    else if (scope === "email") lines.push("your e-mail address");
    else {
      const [, group = "", ...action] = scope.split(":");
      groups.set(group, [...(groups.get(group) ?? []), action.join(" ")]);
    }
  }
  for (const [group, actions] of groups) lines.push(`${group}: ${actions.join(", ")}`);
  return lines;
}

/**
 * The consent page of the authorization-code flow: plain server-rendered HTML with a form, so a
 * bot's user can approve without the web app. The form echoes the CSRF cookie's token in a field
 * (double submit), checked by POST /oauth2/authorize.
 */
export function renderConsentPage(consent: ConsentView, csrfToken: string, username: string): string {
  const hidden = (name: string, value: string | null) =>
    value === null ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopes = describeScopes(consent.scopes)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize ${escapeHtml(consent.clientName)} - Souk</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}</style></head><body>
<h1>Authorize ${escapeHtml(consent.clientName)}</h1>
<p>Signed in as <strong>${escapeHtml(username)}</strong>. This program asks to act for you on Souk with:</p>
<ul>${scopes || "<li>nothing beyond knowing who you are</li>"}</ul>
<p>It will be sent back to <code>${escapeHtml(consent.redirectUri)}</code>. You can revoke it any time on the API keys page.</p>
<form method="post" action="/oauth2/authorize">
${hidden("response_type", "code")}${hidden("client_id", consent.clientId)}${hidden("redirect_uri", consent.redirectUri)}
${hidden("scope", consent.scopes.join(" "))}${hidden("state", consent.state)}${hidden("csrf_token", csrfToken)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></body></html>`;
}

export function renderConsentError(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed - Souk</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<h1>This authorization request cannot be completed</h1><p>${escapeHtml(message)}</p></body></html>`;
}
