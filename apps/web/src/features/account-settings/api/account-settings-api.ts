import {
  AVATAR_FILE_FIELD,
  type CloseAccountSettings,
  closeAccountSettingsSchema,
  envelopeSchema,
  fiatCurrencyListResponseSchema,
  type Locale,
  type PhoneSettings,
  phoneSettingsSchema,
  timezoneListResponseSchema,
  type UserSettingsRequest,
} from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const users = "/rest/v1/users";
const phoneAnswer = envelopeSchema(phoneSettingsSchema);

export async function saveSettings(settings: UserSettingsRequest): Promise<void> {
  await apiClient.post(`${users}/settings`, settings);
}

/** POST users/process-avatar: one picture, checked and cut square by the server. */
export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append(AVATAR_FILE_FIELD, file);
  await apiClient.postMultipart(`${users}/process-avatar`, form);
}

export async function changeUsername(username: string): Promise<void> {
  await apiClient.post(`${users}/set-username`, { username });
}

export const phoneSettingsQueryKey = ["account-settings", "phone"] as const;

export function phoneSettingsQueryOptions() {
  return queryOptions({
    queryKey: phoneSettingsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${users}/phone-settings`, { schema: phoneAnswer, signal })).data,
  });
}

export async function sendPhoneCode(phone: string, call: boolean): Promise<PhoneSettings> {
  const body = { phone, call, isCitizenshipConsentAccepted: true };
  return (await apiClient.post(`${users}/send-phone-code`, body, { schema: phoneAnswer })).data;
}

export async function confirmPhone(phoneCode: string): Promise<PhoneSettings> {
  return (await apiClient.post(`${users}/confirm-phone`, { phoneCode }, { schema: phoneAnswer })).data;
}

/** Removes the verified number; `code` is the second factor's, asked while one is on. */
export async function resetPhone(code?: string): Promise<PhoneSettings> {
  return (await apiClient.post(`${users}/reset-phone`, code ? { code } : {}, { schema: phoneAnswer })).data;
}

export function closeAccountSettingsQueryOptions() {
  return queryOptions({
    queryKey: ["account-settings", "close-account"],
    queryFn: async ({ signal }): Promise<CloseAccountSettings> =>
      (
        await apiClient.get(`${users}/close-account/settings`, {
          schema: envelopeSchema(closeAccountSettingsSchema),
          signal,
        })
      ).data,
  });
}

export async function closeAccount(body: { reason: string; comment: string; password: string }): Promise<void> {
  await apiClient.post(`${users}/close-account`, body);
}

const REFERENCE_STALE_MS = 10 * 60_000;

export function settingsCurrenciesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["account-settings", "currencies", locale],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v2/currencies", {
          query: { locale },
          schema: fiatCurrencyListResponseSchema,
          signal,
        })
      ).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function settingsTimezonesQueryOptions() {
  return queryOptions({
    queryKey: ["account-settings", "timezones"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/timezones", { schema: timezoneListResponseSchema, signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}
