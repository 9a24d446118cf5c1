import type { Db } from "../../../db/pool.ts";
import { getPaymentMethodById, getPaymentMethodBySlug, listPaymentMethods } from "../../reference/index.ts";
import { paymentMethodNotFound } from "../paxful.errors.ts";

/**
 * A payment_method a bot sends: a Souk slug as it is; a number is read as a Souk payment method
 * id (payment-method/list shows them; Paxful bots often send `1`); anything else is refused with
 * 1008 and the list of slugs (docs/decisions/074-paxful-api-trade-rules.md#payment-methods).
 */
export async function resolvePaymentMethodSlug(db: Db, value: string): Promise<string> {
  const text = value.trim().toLowerCase();
  const bySlug = await getPaymentMethodBySlug(db, text);
  if (bySlug) return bySlug.slug;
  if (/^[0-9]{1,9}$/.test(text)) {
    const byId = await getPaymentMethodById(db, Number(text));
    if (byId) return byId.slug;
  }
  const methods = await listPaymentMethods(db, {});
  throw paymentMethodNotFound(methods.map((method) => method.slug));
}
