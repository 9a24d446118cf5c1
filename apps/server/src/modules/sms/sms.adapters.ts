import type { Config } from "../../config.ts";

export type SmsChannel = "sms" | "call";

interface OutgoingSms {
  id: string;
  to: string;
  body: string;
  channel: SmsChannel;
}

/**
 * How a text message leaves Souk. `held` means the adapter keeps nothing outside: the message
 * stays readable in the outbox (the dev adapter); `sent` means the gateway accepted it.
 */
export interface SmsAdapter {
  name: "dev" | "http";
  deliver(message: OutgoingSms): Promise<"held" | "sent">;
}

const devAdapter: SmsAdapter = { name: "dev", deliver: async () => "held" };

const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * The HTTP gateway (docs/decisions/114-phone-codes-and-sms.md): one JSON POST per message with a
 * bearer token; any 2xx is accepted, anything else is a failed attempt. The outbox id goes along
 * as the idempotency key, so a retry after a lost answer is not sent twice by a gateway that
 * honours it.
 */
function httpAdapter(url: string, token: string | undefined): SmsAdapter {
  return {
    name: "http",
    async deliver(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": `souk-sms-${message.id}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.body, channel: message.channel }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`gateway answered ${response.status}`);
      return "sent";
    },
  };
}

export function smsAdapterFor(config: Pick<Config, "SMS_GATEWAY_URL" | "SMS_GATEWAY_TOKEN">): SmsAdapter {
  return config.SMS_GATEWAY_URL ? httpAdapter(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN) : devAdapter;
}
