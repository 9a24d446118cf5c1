/** A cookie of the page; none while the server renders a page (no document there). */
export function readCookie(
  name: string,
  cookieString: string = typeof document === "undefined" ? "" : document.cookie,
): string | null {
  for (const part of cookieString.split(";")) {
    const [rawKey, ...rest] = part.split("=");
    if (rawKey?.trim() === name) return decodeURIComponent(rest.join("=").trim());
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const maxAgeSeconds = Math.round(maxAgeDays * 24 * 60 * 60);
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // The Cookie Store API is not available in every browser Souk supports.
  // biome-ignore lint/suspicious/noDocumentCookie: plain document.cookie is the portable way.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
