// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeTrade } from "../test-fixtures.ts";
import { TradeActions } from "./trade-actions.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

// The browser's WebAuthn prompt: a passkey answers the challenge it is given.
const startAuthentication = vi.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => ({
  id: "cred",
  rawId: "cred",
  type: "public-key",
  response: { clientDataJSON: optionsJSON.challenge, authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
}));
vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: (options: { optionsJSON: { challenge: string } }) => startAuthentication(options),
  startRegistration: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

beforeAll(() => {
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("TradeActions with a passkey", () => {
  it("a passkey's check fills the code field with its one-time code, which goes with the release", async () => {
    const trade = makeTrade();
    const proof = "pkAbcdefghijklmn";
    const calls: { path: string; body: unknown }[] = [];
    const fetchStub = vi.fn<typeof fetch>(async (url, init) => {
      const path = new URL(String(url), "http://souk.test").pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (path === "/rest/v1/users/two-factor") {
        const settings = { login: false, release: true, sendout: false };
        return json(200, { data: { type: "ga", state: "enabled", settings, recoveryCodesLeft: 10 }, meta: null });
      }
      if (path === "/rest/v1/users/passkeys") {
        const passkey = { id: 1, name: "Laptop", isSynced: false, createdAt: "2026-01-01T00:00:00Z", lastUsedAt: null };
        return json(200, { data: [passkey], meta: null });
      }
      if (path.endsWith("/assertion/options")) return json(200, { data: { challenge: "challenge-1" }, meta: null });
      if (path.endsWith("/assertion/verify"))
        return json(200, { data: { code: proof, expiresAt: "2026-01-01T00:02:00Z" }, meta: null });
      return json(200, { data: { ...trade, status: "released" }, meta: null });
    });
    vi.stubGlobal("fetch", fetchStub);
    const user = makeCurrentUser({ twoFactor: { login: false, release: true, sendout: false } });
    await renderWithApp(<TradeActions trade={trade} />, { user });

    fireEvent.click(screen.getByRole("button", { name: "Release crypto" }));
    fireEvent.click(await screen.findByLabelText("I have received the full payment"));
    fireEvent.click(await screen.findByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByText("Passkey checked: its one-time code is filled in.")).toBeTruthy();
    const field = screen.getByLabelText("Two-factor code", { exact: false }) as HTMLInputElement;
    expect(field.value).toBe(proof);
    expect(calls.find((call) => call.path.endsWith("/assertion/options"))?.body).toEqual({ purpose: "release" });
    expect(calls.find((call) => call.path.endsWith("/assertion/verify"))?.body).toMatchObject({
      purpose: "release",
      response: { response: { clientDataJSON: "challenge-1" } },
    });

    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith("/release"))).toBe(true));
    expect(calls.find((call) => call.path.endsWith("/release"))?.body).toEqual({ code: proof });
  });
});
