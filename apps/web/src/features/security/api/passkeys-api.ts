import { type Passkey, passkeyResponseSchema } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { createPasskey, passkeysQueryKey } from "../../../lib/passkeys.ts";

const base = "/rest/v1/users/passkeys";

/** The browser creates the passkey; the server checks it (and the code when a factor is on). */
export async function addPasskey(input: { name?: string; code?: string }): Promise<Passkey> {
  const response = await createPasskey();
  return (
    await apiClient.post(`${base}/registration/verify`, { ...input, response }, { schema: passkeyResponseSchema })
  ).data;
}

export async function renamePasskey(id: number, name: string): Promise<Passkey> {
  return (await apiClient.put(`${base}/${id}`, { name }, { schema: passkeyResponseSchema })).data;
}

export async function removePasskey(id: number): Promise<void> {
  await apiClient.delete(`${base}/${id}`);
}

export function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
}
