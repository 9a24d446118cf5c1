import { ErrorCode } from "@souk/contracts";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { applyServerErrors } from "./form-errors.ts";
import { createI18n } from "./i18n/i18n.ts";

const request = { method: "POST" as const, url: "/rest/v1/auth/register" };

function validationError(details: Record<string, unknown>): ApiError {
  return new ApiError(422, { errors: { message: "Invalid", code: ErrorCode.INPUT_VALIDATION, details } }, request);
}

describe("server errors on a form", () => {
  it("puts each field's first message key on that field and returns no form message", async () => {
    const { t } = await createI18n("en");
    const setError = vi.fn();

    const formMessage = applyServerErrors(
      validationError({ password: ["password_needs_digit", "password_needs_upper"], email: ["email_taken"] }),
      ["email", "username", "password"],
      setError,
      t,
    );

    expect(formMessage).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      "password",
      { type: "server", message: "password_needs_digit" },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith("email", { type: "server", message: "email_taken" }, { shouldFocus: false });
  });

  it("returns what belongs to no field as a translated form message", async () => {
    const { t } = await createI18n("fr");
    const setError = vi.fn();

    const formMessage = applyServerErrors(validationError({ captcha: ["email_invalid"] }), ["email"], setError, t);

    expect(formMessage).toBe("Saisissez une adresse e-mail valide.");
    expect(setError).not.toHaveBeenCalled();
  });

  it("translates other error codes, and falls back to a generic sentence", async () => {
    const { t } = await createI18n("en");
    const taken = new ApiError(
      409,
      { errors: { message: "x", code: ErrorCode.USERNAME_TAKEN, details: null } },
      request,
    );
    const odd = new ApiError(418, { errors: { message: "x", code: "ERROR_TEAPOT", details: null } }, request);

    expect(applyServerErrors(taken, ["username"], vi.fn(), t)).toBe(
      "This username is taken. Please choose another one.",
    );
    expect(applyServerErrors(odd, ["username"], vi.fn(), t)).toBe("Something went wrong. Please try again.");
    expect(applyServerErrors(new Error("boom"), ["username"], vi.fn(), t)).toBe(
      "Something went wrong. Please try again.",
    );
  });
});
