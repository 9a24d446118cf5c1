// @vitest-environment happy-dom
import { ErrorCode } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCurrentUser } from "../../../lib/session.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { LoginForm } from "./login-form.tsx";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // 401 answers are reported on purpose; keep the test output quiet.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillAndSubmit(login: string, password: string): void {
  fireEvent.change(screen.getByLabelText("E-mail or username"), { target: { value: login } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

/** Who the app thinks is logged in, as the navbar would show it. */
function CurrentUsername() {
  return <span data-testid="current-username">{useCurrentUser()?.username ?? "nobody"}</span>;
}

describe("log-in form", () => {
  it("checks the fields with the contracts schema before calling the server", async () => {
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />);

    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText("Enter your e-mail or username.")).toBeTruthy();
    expect(screen.getByText("Enter your password.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("maps the server's field errors onto the fields, translated", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        errors: {
          message: "Invalid input",
          code: ErrorCode.INPUT_VALIDATION,
          details: { password: ["password_needs_digit"], login: ["email_invalid"] },
        },
      }),
    );
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />);

    fillAndSubmit("amina_k", "secret");

    expect(await screen.findByText("Add at least one digit.")).toBeTruthy();
    expect(screen.getByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(screen.queryByTestId("form-error")).toBeNull();
  });

  it("maps field errors in French on a French page", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(422, {
        errors: {
          message: "Invalid",
          code: ErrorCode.INPUT_VALIDATION,
          details: { password: ["password_needs_digit"] },
        },
      }),
    );
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />, { locale: "fr", path: "/fr/login" });

    fireEvent.change(screen.getByLabelText("E-mail ou nom d’utilisateur"), { target: { value: "amina_k" } });
    fireEvent.change(screen.getByLabelText("Mot de passe"), { target: { value: "secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Se connecter" }));

    expect(await screen.findByText("Ajoutez au moins un chiffre.")).toBeTruthy();
  });

  it("shows wrong credentials as a form-level alert", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(401, { errors: { message: "Invalid credentials", code: ErrorCode.INVALID_CREDENTIALS, details: null } }),
    );
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />);

    fillAndSubmit("amina_k", "wrong-password");

    expect((await screen.findByTestId("form-error")).textContent).toBe("The e-mail, username or password is wrong.");
  });

  it("shows rate limiting as a form-level alert", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(429, { errors: { message: "Slow down", code: ErrorCode.RATE_LIMITED, details: null } }),
    );
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />);

    fillAndSubmit("amina_k", "whatever");

    expect((await screen.findByTestId("form-error")).textContent).toContain("Too many attempts");
  });

  it("posts the credentials with the CSRF token and hands over the new session", async () => {
    const user = makeCurrentUser();
    fetchMock.mockResolvedValueOnce(answer(200, { data: { user, csrfToken: "rotated-token" }, meta: null }));
    const onLoggedIn = vi.fn();
    await renderWithApp(<LoginForm onLoggedIn={onLoggedIn} />);

    fillAndSubmit("  amina_k ", "Correct-h0rse");

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ user, csrfToken: "rotated-token" }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/rest/v1/auth/login?keyCase=camelCase");
    expect(JSON.parse(String(init?.body))).toEqual({ login: "amina_k", password: "Correct-h0rse" });
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers["x-csrf-token"]).toBe("test-csrf-token");
  });

  it("asks the second factor's code when the password was right, and logs in with it", async () => {
    const user = makeCurrentUser();
    fetchMock
      .mockResolvedValueOnce(answer(200, { data: { twoFactorRequired: true, type: "ga", passkey: false }, meta: null }))
      .mockResolvedValueOnce(
        answer(422, {
          errors: { message: "No", code: ErrorCode.INPUT_VALIDATION, details: { code: ["two_factor.wrong"] } },
        }),
      )
      .mockResolvedValueOnce(answer(200, { data: { user, csrfToken: "after-code" }, meta: null }));
    const onLoggedIn = vi.fn();
    await renderWithApp(<LoginForm onLoggedIn={onLoggedIn} />);

    fillAndSubmit("amina_k", "Secret-password-1!");
    const code = await screen.findByLabelText("Security code");
    expect(onLoggedIn).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("This code is wrong.")).toBeTruthy();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ user, csrfToken: "after-code" }));
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toContain("/rest/v1/auth/login/two-factor");
    expect(JSON.parse(String(init?.body))).toEqual({ code: "123456" });
  });

  it("waits for the mailed approval, then starts the approved session as after any log-in", async () => {
    const user = makeCurrentUser();
    fetchMock
      .mockResolvedValueOnce(
        answer(200, {
          data: { approvalRequired: true, status: "pending", expiresAt: "2026-11-28T07:30:00.000Z" },
          meta: null,
        }),
      )
      .mockResolvedValueOnce(answer(200, { data: { user, csrfToken: "after-approval" }, meta: null }));
    const onLoggedIn = vi.fn();
    await renderWithApp(
      <>
        <LoginForm onLoggedIn={onLoggedIn} />
        <CurrentUsername />
      </>,
    );

    fillAndSubmit("amina_k", "Secret-password-1!");

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ user, csrfToken: "after-approval" }));
    expect(screen.getByTestId("current-username").textContent).toBe("amina_k");
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain("/rest/v1/auth/login/approval");
  });

  it("offers the user's passkey at the code step when the log-in says one may answer, and logs in with it", async () => {
    const user = makeCurrentUser();
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const credential = {
      id: "Y3JlZA",
      rawId: bytes("cred"),
      type: "public-key",
      authenticatorAttachment: "platform",
      response: {
        authenticatorData: bytes("auth"),
        clientDataJSON: bytes("client"),
        signature: bytes("sig"),
        userHandle: null,
      },
      getClientExtensionResults: () => ({}),
    };
    const get = vi.fn().mockResolvedValue(credential);
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    Object.defineProperty(navigator, "credentials", { value: { get }, configurable: true });
    fetchMock
      .mockResolvedValueOnce(answer(200, { data: { twoFactorRequired: true, type: "ga", passkey: true }, meta: null }))
      .mockResolvedValueOnce(
        answer(200, {
          data: { challenge: "Y2hhbGxlbmdl", allowCredentials: [{ id: "Y3JlZA", type: "public-key" }] },
          meta: null,
        }),
      )
      .mockResolvedValueOnce(answer(200, { data: { user, csrfToken: "after-passkey" }, meta: null }));
    const onLoggedIn = vi.fn();
    await renderWithApp(<LoginForm onLoggedIn={onLoggedIn} />);

    fillAndSubmit("amina_k", "Secret-password-1!");
    fireEvent.click(await screen.findByRole("button", { name: "Use a passkey instead" }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ user, csrfToken: "after-passkey" }));
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain("/rest/v1/auth/login/two-factor/passkey/options");
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toContain("/rest/v1/auth/login/two-factor/passkey?");
    expect(JSON.parse(String(init?.body)).response.id).toBe("Y3JlZA");
    expect(get).toHaveBeenCalledOnce();
  });

  it("keeps the code step alone when the user has no passkey", async () => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    fetchMock.mockResolvedValueOnce(
      answer(200, { data: { twoFactorRequired: true, type: "ga", passkey: false }, meta: null }),
    );
    await renderWithApp(<LoginForm onLoggedIn={() => {}} />);
    fillAndSubmit("amina_k", "Secret-password-1!");
    expect(await screen.findByLabelText("Security code")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use a passkey instead" })).toBeNull();
  });
});
