import { z } from "zod";

/**
 * E-mail (docs/product.md#sign-up-and-log-in): a local part of letters, digits and ._%+-, an @, a
 * domain, and a
 * TLD of two or more letters, with no consecutive dots anywhere.
 */
export const EMAIL_PATTERN = /^(?!.*\.\.)[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,32}$/;
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Password rules: a minimum length, a digit, a lower-case letter, an upper-case letter and a special character. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: "password_too_short" })
  .max(PASSWORD_MAX_LENGTH, { message: "password_too_long" })
  .regex(/[0-9]/, { message: "password_needs_digit" })
  .regex(/[a-z]/, { message: "password_needs_lower" })
  .regex(/[A-Z]/, { message: "password_needs_upper" })
  .regex(/[^A-Za-z0-9]/, { message: "password_needs_special" });

export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: "email_too_long" })
  .regex(EMAIL_PATTERN, { message: "email_invalid" });

export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, { message: "username_invalid" });

export const registerRequestSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  login: z.string().trim().min(1, { message: "login_required" }).max(254),
  password: z.string().min(1, { message: "password_required" }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const csrfResponseSchema = z.object({ data: z.object({ csrfToken: z.string() }), meta: z.null() });
