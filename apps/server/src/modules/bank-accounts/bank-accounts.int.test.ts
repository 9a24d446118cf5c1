import { randomUUID } from "node:crypto";
import { bankAccountSchema } from "@souk/contracts";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { cashSellOfferBody } from "../../../test/offer-bodies.ts";
import { createOffer, createTrader, openTradersTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";

/** Bank accounts over the real API: the calls, the rules per country, offers and trades. */

const [t, vendor, buyer, stranger] = await openTradersTestApp({}, {}, {});

const GERMANY = 276;
const EUR = 145;
const sepaAccount = {
  fiat_currency_id: EUR,
  holder_name: "Vera Vendor",
  is_personal: true,
  country_id: GERMANY,
  account_number: "DE89370400440532013000",
  sepa: { iban: "DE89370400440532013000" },
};

async function addAccount(owner: TestUser, body: Record<string, unknown> = sepaAccount) {
  const response = await owner.client.post("/rest/v1/bankaccounts", body);
  expect(response.status, response.text).toBe(200);
  return bankAccountSchema.parse(response.body.data);
}

/** The taker starts a trade of 100 on the offer over the real API. */
async function startTrade(taker: TestUser, offerId: string) {
  const started = await taker.client.post(
    "/rest/v1/trade",
    { offerId, fiatAmount: "100" },
    { headers: { "idempotency-key": randomUUID() } },
  );
  expect(started.status, started.text).toBe(200);
  return started;
}

async function storedCount(userId: number): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*)::text AS count FROM bank_accounts WHERE user_id = ${userId}`.execute(t.ownerDb);
  return Number(result.rows[0]?.count ?? 0);
}

describe("bank account calls", () => {
  it("adds, reads, lists, changes and deletes an account of the viewer's own", async () => {
    const owner = await createTrader(t);
    const created = await addAccount(owner);
    expect(created).toMatchObject({
      countryIso: "DE",
      countryId: GERMANY,
      fiatCurrencyCode: "EUR",
      holderType: "User",
      bankId: "de-commerzbank",
      bankName: "Commerzbank",
      iban: "DE89370400440532013000",
      offerIds: [],
    });
    expect((await owner.client.get(`/rest/v1/bankaccounts/${created.id}`)).body.data).toEqual(created);
    expect((await owner.client.get("/rest/v1/bankaccounts")).body.data).toEqual([created]);

    const changed = await owner.client.put(`/rest/v1/bankaccounts/${created.id}`, {
      ...sepaAccount,
      holder_name: "Vera Vendor GmbH",
      is_personal: false,
      swift_code: "COBADEFFXXX",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      holderName: "Vera Vendor GmbH",
      holderType: "Business",
      swiftCode: "COBADEFFXXX",
    });

    expect((await owner.client.delete(`/rest/v1/bankaccounts/${created.id}`)).body.data).toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await owner.client.get("/rest/v1/bankaccounts")).body.data).toEqual([]);
    expect((await owner.client.get(`/rest/v1/bankaccounts/${created.id}`)).status).toBe(404);
  });

  it("answers another user's account as it answers none, and changes nothing", async () => {
    const owner = await createTrader(t);
    const account = await addAccount(owner);
    const read = await stranger.client.get(`/rest/v1/bankaccounts/${account.id}`);
    expect(read.status).toBe(404);
    expect(read.body.errors.code).toBe("ERROR_BANK_ACCOUNT_NOT_FOUND");
    expect((await stranger.client.put(`/rest/v1/bankaccounts/${account.id}`, sepaAccount)).status).toBe(404);
    expect((await stranger.client.delete(`/rest/v1/bankaccounts/${account.id}`)).status).toBe(404);
    expect((await owner.client.get(`/rest/v1/bankaccounts/${account.id}`)).body.data).toEqual(account);
    expect((await t.client().get("/rest/v1/bankaccounts")).status).toBe(401);
  });

  it("answers bad numbers per country with field errors and stores nothing", async () => {
    const owner = await createTrader(t);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { ...sepaAccount, account_number: "DE89370400440532013001", sepa: undefined },
        { accountNumber: ["iban_invalid"] },
      ],
      [
        {
          ...sepaAccount,
          country_id: 840,
          fiat_currency_id: 144,
          routing_number: "021000022",
          account_number: "123456789",
          bank_name: "Chase",
        },
        { routingNumber: ["routing_number_invalid"] },
      ],
      [
        {
          ...sepaAccount,
          country_id: 484,
          fiat_currency_id: 154,
          clabe: "002010077777777772",
          account_number: "002010077777777772",
          sepa: undefined,
        },
        { clabe: ["clabe_invalid"] },
      ],
      [
        { ...sepaAccount, holder_name: " ", country_id: 1, fiat_currency_id: 1 },
        {
          holderName: ["holder_name_required"],
          fiatCurrencyId: ["fiat_currency_invalid"],
          countryId: ["country_invalid"],
        },
      ],
    ];
    for (const [body, details] of cases) {
      const response = await owner.client.post("/rest/v1/bankaccounts", body);
      expect(response.status, response.text).toBe(422);
      expect(response.body.errors).toMatchObject({ code: "ERROR_INPUT_VALIDATION", details });
    }
    const malformed = await owner.client.post("/rest/v1/bankaccounts", { holder_name: 5 });
    expect(malformed.status).toBe(422);
    expect(await storedCount(owner.id)).toBe(0);
  });

  it("takes a US, a UK, a Mexican, an Indian and a Nigerian account", async () => {
    const owner = await createTrader(t);
    const bodies = [
      { country_id: 840, fiat_currency_id: 144, routing_number: "021000021", account_number: "123456789" },
      {
        country_id: 826,
        fiat_currency_id: 146,
        routing_number: "60-16-13",
        account_number: "31926819",
        sepa: { iban: "gb29nwbk60161331926819" },
      },
      { country_id: 484, fiat_currency_id: 154, clabe: "002010077777777771", account_number: "002010077777777771" },
      { country_id: 356, fiat_currency_id: 148, ifsc: "HDFC0000001", account_number: "50100012345678" },
      { country_id: 566, fiat_currency_id: 147, bank_id: "ng-first-bank", account_number: "0000014579" },
    ];
    const banks = [];
    for (const body of bodies)
      banks.push((await addAccount(owner, { holder_name: "Ola", is_personal: true, ...body })).bankId);
    expect(banks).toEqual(["us-chase", "gb-natwest", "mx-banamex", "in-hdfc", "ng-first-bank"]);
  });
});

describe("the bank directory", () => {
  it("lists a country's banks and looks banks up, for anyone", async () => {
    const anyone = t.client();
    const banks = await anyone.get(`/rest/v1/banks?country_id=566&limit=1000`);
    expect(banks.status).toBe(200);
    expect(banks.body.data.map((bank: { id: string }) => bank.id)).toContain("ng-gtbank");
    expect((await anyone.get("/rest/v1/banks?country_id=566&limit=2")).body.data).toHaveLength(2);
    expect((await anyone.get("/rest/v1/banks?country_id=9999")).body.data).toEqual([]);
    expect((await anyone.get("/rest/v1/banks?country_id=abc")).status).toBe(422);
    expect((await anyone.get("/rest/v1/banks?country_id=566&limit=1001")).status).toBe(422);
    expect((await anyone.get("/rest/v1/banks/by-iban?iban=NL91ABNA0417164300")).body.data).toMatchObject({
      id: "nl-abn-amro",
      bic: "ABNANL2A",
    });
    expect((await anyone.get("/rest/v1/banks/by-routing-number?routing_number=026009593")).body.data.id).toBe(
      "us-bank-of-america",
    );
    expect((await anyone.get("/rest/v1/banks/by-swift?swift_code=HDFCINBBXXX")).body.data.id).toBe("in-hdfc");
    expect((await anyone.get("/rest/v1/banks/by-swift?swift_code=ZZZZZZZZ")).body.data).toBeNull();
    expect((await anyone.get("/rest/v1/banks/by-iban")).status).toBe(422);
  });
});

describe("bank accounts on offers and in trades", () => {
  it("attaches only the vendor's own accounts, and refuses deleting one an active offer carries", async () => {
    const offer = await createOffer(vendor, { paymentMethodSlug: "bank-transfer" });
    const own = await addAccount(vendor);
    const foreign = await addAccount(stranger);

    const refused = await vendor.client.put(`/rest/v1/offers/${offer}/bank-accounts`, {
      bank_account_ids: [own.id, foreign.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details).toEqual({ bankAccountIds: ["bank_account_invalid"] });
    expect(
      (await stranger.client.put(`/rest/v1/offers/${offer}/bank-accounts`, { bank_account_ids: [foreign.id] })).status,
    ).toBe(404);

    const attached = await vendor.client.put(`/rest/v1/offers/${offer}/bank-accounts`, { bank_account_ids: [own.id] });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body.data).toEqual({
      idHashed: offer,
      bankAccounts: [{ id: own.id, name: "Commerzbank ···3000" }],
    });
    const mine = (await vendor.client.get("/rest/v1/my-offers/list?type=sell")).body.data.offers;
    expect(mine.find((item: { idHashed: string }) => item.idHashed === offer).bankAccounts).toEqual(
      attached.body.data.bankAccounts,
    );
    expect((await vendor.client.get(`/rest/v1/bankaccounts/${own.id}`)).body.data.offerIds).toEqual([offer]);

    const inUse = await vendor.client.delete(`/rest/v1/bankaccounts/${own.id}`);
    expect(inUse.status).toBe(422);
    expect(inUse.body.errors).toMatchObject({ code: "ERROR_BANK_ACCOUNT_IN_USE", details: { offerIds: [offer] } });
    expect((await vendor.client.put(`/rest/v1/my-offers/${offer}/status`, { new_status: false })).status).toBe(200);
    expect((await vendor.client.delete(`/rest/v1/bankaccounts/${own.id}`)).status).toBe(200);
  });

  it("shows the buyer the account only once the payer name is given, and nobody else ever", async () => {
    const offer = await createOffer(vendor, {
      paymentMethodSlug: "bank-transfer",
      tradeDetails: "Reference: your trade id.",
    });
    const account = await addAccount(vendor, {
      ...sepaAccount,
      holder_name: "Vera Payee",
      additional_info: "Sparkasse",
    });
    expect(
      (await vendor.client.put(`/rest/v1/offers/${offer}/bank-accounts`, { bank_account_ids: [account.id] })).status,
    ).toBe(200);

    const offerPage = await stranger.client.get(`/rest/v1/offers/${offer}`);
    expect(offerPage.status).toBe(200);
    expect(offerPage.text).not.toContain(account.accountNumber);
    expect(offerPage.text).not.toContain("Vera Payee");

    const started = await startTrade(buyer, offer);
    const tradeId = started.body.data.id as string;
    expect(started.body.data.paymentDetails).toMatchObject({ bankAccounts: [], isRevealed: false });
    expect(started.text).not.toContain(account.accountNumber);
    const asSeller = (await vendor.client.get(`/rest/v1/trade/${tradeId}`)).body.data;
    expect(asSeller.paymentDetails.bankAccounts).toHaveLength(1);

    const named = await buyer.client.post(`/rest/v1/trade/${tradeId}/requirement`, {
      requirementId: "payer_name",
      value: "Ben Buyer",
    });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.paymentDetails.bankAccounts).toEqual([
      {
        holderName: "Vera Payee",
        bankName: "Commerzbank",
        countryIso: "DE",
        accountNumber: "DE89370400440532013000",
        iban: "DE89370400440532013000",
        swiftCode: null,
        routingNumber: null,
        ifsc: null,
        clabe: null,
        additionalInfo: "Sparkasse",
      },
    ]);
    expect((await stranger.client.get(`/rest/v1/trade/${tradeId}`)).status).toBe(404);
  });
});

describe("the offer wizard's accounts", () => {
  async function offerCount(userId: number): Promise<number> {
    const result = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM offers WHERE user_id = ${userId}`.execute(t.ownerDb);
    return Number(result.rows[0]?.count ?? 0);
  }

  it("attaches the vendor's own accounts when it creates or edits an offer, and stores nothing with another's", async () => {
    const owner = await createTrader(t);
    const own = await addAccount(owner);
    const foreign = await addAccount(stranger);
    const before = await offerCount(owner.id);

    const refused = await owner.client.post("/rest/v1/offers", {
      ...cashSellOfferBody(),
      paymentMethodSlug: "bank-transfer",
      bankAccountIds: [own.id, foreign.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      code: "ERROR_INPUT_VALIDATION",
      details: { bankAccountIds: ["bank_account_invalid"] },
    });
    expect(await offerCount(owner.id)).toBe(before);

    const offer = await createOffer(owner, { paymentMethodSlug: "bank-transfer", bankAccountIds: [own.id] });
    expect((await owner.client.get(`/rest/v1/bankaccounts/${own.id}`)).body.data.offerIds).toEqual([offer]);

    const edit = await owner.client.put(`/rest/v1/offers/${offer}`, { label: "Changed", bankAccountIds: [foreign.id] });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.details).toEqual({ bankAccountIds: ["bank_account_invalid"] });
    const unchanged = (await owner.client.get(`/rest/v1/offers/${offer}`)).body.data;
    expect(JSON.stringify(unchanged)).not.toContain("Changed");
    expect((await owner.client.get(`/rest/v1/bankaccounts/${own.id}`)).body.data.offerIds).toEqual([offer]);

    // An edit without the list leaves it; an empty list takes the accounts off.
    expect((await owner.client.put(`/rest/v1/offers/${offer}`, { label: "Kept" })).status).toBe(200);
    expect((await owner.client.get(`/rest/v1/bankaccounts/${own.id}`)).body.data.offerIds).toEqual([offer]);
    expect((await owner.client.put(`/rest/v1/offers/${offer}`, { bankAccountIds: [] })).status).toBe(200);
    expect((await owner.client.get(`/rest/v1/bankaccounts/${own.id}`)).body.data.offerIds).toEqual([]);
  });
});

describe("a trade's own accounts and the accounts shared in its chat", () => {
  /** A new buyer's trade on the vendor's offer carrying the account, with the payer name given (details revealed). */
  async function revealedTrade(accountId: number): Promise<{ tradeId: string; offer: string; taker: TestUser }> {
    const taker = await createTrader(t);
    const offer = await createOffer(vendor, { paymentMethodSlug: "bank-transfer", bankAccountIds: [accountId] });
    const started = await startTrade(taker, offer);
    const tradeId = started.body.data.id as string;
    const named = await taker.client.post(`/rest/v1/trade/${tradeId}/requirement`, {
      requirementId: "payer_name",
      value: "Ben Buyer",
    });
    expect(named.status, named.text).toBe(200);
    return { tradeId, offer, taker };
  }

  const holdersOf = (trade: { paymentDetails: { bankAccounts: { holderName: string }[] } }) =>
    trade.paymentDetails.bankAccounts.map((account) => account.holderName);

  it("keeps what the buyer was shown when the vendor edits or deletes the account afterwards", async () => {
    const account = await addAccount(vendor, { ...sepaAccount, holder_name: "Shown Holder" });
    const { tradeId, offer, taker } = await revealedTrade(account.id);
    expect(holdersOf((await taker.client.get(`/rest/v1/trade/${tradeId}`)).body.data)).toEqual(["Shown Holder"]);

    const edited = await vendor.client.put(`/rest/v1/bankaccounts/${account.id}`, {
      ...sepaAccount,
      holder_name: "Edited Holder",
    });
    expect(edited.status, edited.text).toBe(200);
    expect(holdersOf((await taker.client.get(`/rest/v1/trade/${tradeId}`)).body.data)).toEqual(["Shown Holder"]);
    expect(holdersOf((await vendor.client.get(`/rest/v1/trade/${tradeId}`)).body.data)).toEqual(["Shown Holder"]);

    expect((await vendor.client.put(`/rest/v1/my-offers/${offer}/status`, { new_status: false })).status).toBe(200);
    expect((await vendor.client.delete(`/rest/v1/bankaccounts/${account.id}`)).status).toBe(200);
    expect(holdersOf((await taker.client.get(`/rest/v1/trade/${tradeId}`)).body.data)).toEqual(["Shown Holder"]);

    // A trade revealed after the edit shows the account as it is then.
    const later = await addAccount(vendor, { ...sepaAccount, holder_name: "Later Holder" });
    const laterTrade = await revealedTrade(later.id);
    expect(holdersOf((await laterTrade.taker.client.get(`/rest/v1/trade/${laterTrade.tradeId}`)).body.data)).toEqual([
      "Later Holder",
    ]);
  });

  it("copies the accounts when the details are revealed: at the start with nothing before them, else at the payer name", async () => {
    const rename = async (accountId: number, holder: string) => {
      const edited = await vendor.client.put(`/rest/v1/bankaccounts/${accountId}`, {
        ...sepaAccount,
        holder_name: holder,
      });
      expect(edited.status, edited.text).toBe(200);
    };
    // Cash in person asks no payer name: the details are revealed, and copied, as the trade starts.
    const atStart = await addAccount(vendor, { ...sepaAccount, holder_name: "Holder At Start" });
    const cashTaker = await createTrader(t);
    const cashTrade = (await startTrade(cashTaker, await createOffer(vendor, { bankAccountIds: [atStart.id] }))).body
      .data;
    expect(holdersOf(cashTrade)).toEqual(["Holder At Start"]);
    await rename(atStart.id, "Renamed After Start");
    expect(holdersOf((await cashTaker.client.get(`/rest/v1/trade/${cashTrade.id}`)).body.data)).toEqual([
      "Holder At Start",
    ]);

    // A bank transfer reveals them at the payer name: an edit before then is what the buyer sees.
    const atReveal = await addAccount(vendor, { ...sepaAccount, holder_name: "Holder Before Reveal" });
    const bankTaker = await createTrader(t);
    const bankOffer = await createOffer(vendor, { paymentMethodSlug: "bank-transfer", bankAccountIds: [atReveal.id] });
    const bankTrade = (await startTrade(bankTaker, bankOffer)).body.data.id as string;
    await rename(atReveal.id, "Holder At Reveal");
    const named = await bankTaker.client.post(`/rest/v1/trade/${bankTrade}/requirement`, {
      requirementId: "payer_name",
      value: "Ben Buyer",
    });
    expect(named.status, named.text).toBe(200);
    expect(holdersOf((await bankTaker.client.get(`/rest/v1/trade/${bankTrade}`)).body.data)).toEqual([
      "Holder At Reveal",
    ]);
  });

  it("lets the seller share another account once revealed, which the two parties see and nobody else", async () => {
    const moderator = await createTrader(t, { roles: ["moderator"] });
    const taker = await createTrader(t);
    const attached = await addAccount(vendor, { ...sepaAccount, holder_name: "Attached Holder" });
    const other = await addAccount(vendor, { ...sepaAccount, holder_name: "Shared Holder" });
    const foreign = await addAccount(stranger, { ...sepaAccount, holder_name: "Foreign Holder" });
    const offer = await createOffer(vendor, { paymentMethodSlug: "bank-transfer", bankAccountIds: [attached.id] });
    const started = await startTrade(taker, offer);
    const tradeId = started.body.data.id as string;
    const share = (who: TestUser, bankAccountId: number) =>
      who.client.post(`/rest/v1/trade/${tradeId}/chat/bank-account`, { bankAccountId });

    const early = await share(vendor, other.id);
    expect(early.status).toBe(409);
    expect(early.body.errors.code).toBe("ERROR_PAYMENT_DETAILS_NOT_REVEALED");
    expect(
      (
        await taker.client.post(`/rest/v1/trade/${tradeId}/requirement`, {
          requirementId: "payer_name",
          value: "Ben Buyer",
        })
      ).status,
    ).toBe(200);

    expect((await share(taker, other.id)).status).toBe(403);
    expect((await share(stranger, foreign.id)).status).toBe(404);
    expect((await share(moderator, other.id)).status).toBe(403);
    const notMine = await share(vendor, foreign.id);
    expect(notMine.status).toBe(404);
    expect(notMine.body.errors.code).toBe("ERROR_BANK_ACCOUNT_NOT_FOUND");
    expect(
      (await vendor.client.post(`/rest/v1/trade/${tradeId}/chat/bank-account`, { bankAccountId: "x" })).status,
    ).toBe(422);

    const shared = await share(vendor, other.id);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.data).toMatchObject({
      kind: "system",
      event: "bank_account_shared",
      actorRole: "seller",
      data: { bankAccount: { holderName: "Shared Holder", accountNumber: "DE89370400440532013000" } },
    });

    // The vendor edits the shared account: the chat keeps the copy that was shared.
    expect(
      (await vendor.client.put(`/rest/v1/bankaccounts/${other.id}`, { ...sepaAccount, holder_name: "Renamed" })).status,
    ).toBe(200);
    const sharedEvents = async (who: TestUser) => {
      const chat = await who.client.get(`/rest/v1/trade/${tradeId}/chat`);
      expect(chat.status, chat.text).toBe(200);
      return (chat.body.data as { kind: string; event?: string; data?: Record<string, unknown> }[]).filter(
        (item) => item.event === "bank_account_shared",
      );
    };
    for (const party of [taker, vendor]) {
      expect((await sharedEvents(party)).map((item) => item.data)).toEqual([
        { bankAccount: expect.objectContaining({ holderName: "Shared Holder" }) },
      ]);
    }
    const staffView = await moderator.client.get(`/rest/v1/trade/${tradeId}/chat`);
    expect(staffView.status).toBe(200);
    expect(staffView.text).toContain("bank_account_shared");
    expect(staffView.text).not.toContain("Shared Holder");
    expect((await stranger.client.get(`/rest/v1/trade/${tradeId}/chat`)).status).toBe(404);
  });
});
