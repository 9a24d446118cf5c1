import type { Db } from "../../db/pool.ts";

/**
 * Reference tables read for the offers' in-memory catalog. The reference module's door answers
 * one payment method or country at a time; the marketplace needs all of them at once, cached, so
 * this module reads the columns it uses (docs/decisions/002: each module describes what it reads).
 */
type CatalogTables = {
  payment_methods: {
    id: number;
    name: string;
    names: Record<string, string>;
    slug: string;
    payment_method_group_id: number;
    category_id: number;
    is_bin_code_enabled: boolean;
    icon_name: string;
    currency_codes: string[] | null;
  };
  payment_method_groups: { id: number; slug: string; name: string };
  countries: { id: number; iso: string; name: string };
};

function tables(db: Db) {
  return db.withTables<CatalogTables>();
}

export async function listPaymentMethodRows(db: Db) {
  return tables(db)
    .selectFrom("payment_methods as m")
    .innerJoin("payment_method_groups as g", "g.id", "m.payment_method_group_id")
    .select([
      "m.id",
      "m.name",
      "m.names",
      "m.slug",
      "m.payment_method_group_id",
      "m.category_id",
      "m.is_bin_code_enabled",
      "m.icon_name",
      "m.currency_codes",
      "g.slug as group_slug",
    ])
    .execute();
}

export async function listPaymentMethodGroupRows(db: Db) {
  return tables(db).selectFrom("payment_method_groups").select(["id", "slug", "name"]).execute();
}

export async function listCountryRows(db: Db) {
  return tables(db).selectFrom("countries").select(["id", "iso", "name"]).execute();
}
