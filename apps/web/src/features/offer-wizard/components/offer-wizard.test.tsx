// @vitest-environment happy-dom
import { type BankAccount, ErrorCode, type Offer, type OfferCreateRequest } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { btcCurrency, jsonResponse } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { emptyWizardValues } from "../model/wizard-form.ts";
import { OfferWizard, type OfferWizardProps } from "./offer-wizard.tsx";
import type { WizardData } from "./use-wizard-data.ts";

const data: WizardData = {
  reference: {
    cryptoCurrencies: [btcCurrency],
    fiatCurrencies: [
      {
        id: 144,
        code: "USD",
        name: "US Dollar",
        nameLocalized: "US Dollar",
        symbol: "$",
        decimals: 2,
        isPopular: true,
      },
    ],
    popularFiatCodes: ["USD"],
    paymentMethods: [
      {
        id: 15,
        name: "Zelle",
        nameLocalized: "Zelle",
        paymentMethodGroupId: 6,
        groupSlug: "online-transfers",
        categoryId: 3,
        slug: "zelle",
        sellQuantity: 0,
        isBinCodeEnabled: false,
        iconName: "zelle",
        isPopular: true,
        currencyCodes: ["USD"],
      },
    ],
    paymentMethodGroups: [
      { id: 6, slug: "online-transfers", name: "Online transfers", nameLocalized: "Online transfers" },
    ],
  },
  countries: [],
  timezones: [{ name: "UTC", label: "Coordinated Universal Time", utcOffset: "+00:00" }],
};

/** The vendor's own accounts, as GET /rest/v1/bankaccounts answers them. */
function bankAccount(id: number, bankName: string, accountNumber: string): BankAccount {
  return {
    id,
    countryIso: "DE",
    countryId: 82,
    fiatCurrencyId: 51,
    fiatCurrencyCode: "EUR",
    holderName: "Ada Vendor",
    holderType: "User",
    isPersonal: true,
    bankId: null,
    bankName,
    swiftCode: null,
    accountNumber,
    iban: accountNumber,
    routingNumber: null,
    ifsc: null,
    clabe: null,
    additionalInfo: null,
    state: null,
    city: null,
    zip: null,
    address: null,
    offerIds: [],
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
  };
}
const bankAccounts = [
  bankAccount(1, "Deutsche Bank", "DE89370400440532013000"),
  bankAccount(2, "Commerzbank", "DE75512108001245126199"),
];

/** A Zelle offer (USD) with its limits filled: it may go through every step. */
const zelleOffer = { ...emptyWizardValues({ paymentMethodSlug: "zelle" }), fiatLimitMin: "100", fiatLimitMax: "500" };

/** The wizard as the pages show it, for a user; returns the save it calls. */
async function renderWizard({
  mode = "create",
  initialValues = emptyWizardValues(),
  submit = vi.fn<OfferWizardProps["submit"]>(),
}: Partial<Pick<OfferWizardProps, "mode" | "initialValues" | "submit">>) {
  await renderWithApp(
    <OfferWizard
      mode={mode}
      initialValues={initialValues}
      data={data}
      submit={submit}
      onSaved={() => {}}
      onCancel={() => {}}
    />,
    { user: makeCurrentUser() },
  );
  return submit;
}

/** A save the server refuses with a 422 naming `details` (the field errors), as the API client throws it. */
function refusedSave(details: Record<string, string[]>, method: "POST" | "PUT", url: string) {
  return vi.fn(async (_payload: OfferCreateRequest): Promise<Offer> => {
    const { ApiError } = await import("../../../lib/api-client.ts");
    throw new ApiError(
      422,
      { errors: { message: "Invalid input", code: ErrorCode.INPUT_VALIDATION, details } },
      { method, url },
    );
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  // Rates for the price preview; the tags of step 3 are never asked for here.
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes("/rest/v2/wallet/crypto-currencies/rates")) {
      return jsonResponse(200, { data: { BTC: "87350" }, meta: { asOf: "2026-11-20" } });
    }
    if (url.includes("/rest/v1/calculator/currency")) {
      return jsonResponse(200, {
        data: [
          {
            id: 144,
            name: "US Dollar",
            code: "USD",
            rate: { usd: "1", btc: "87350.00", usdt: "1.00" },
            defaultAmount: "1",
            order: 1,
          },
        ],
        meta: { asOf: "2026-11-20" },
      });
    }
    if (url.includes("/rest/v1/bankaccounts")) return jsonResponse(200, { data: bankAccounts, meta: null });
    return jsonResponse(404, { errors: { message: "Not here", code: "ERROR_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the offer wizard", () => {
  it("refuses to leave a step with a missing field and says why", async () => {
    const submit = await renderWizard({});

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Choose a payment method.")).toBeTruthy();
    expect(screen.getByTestId("wizard-step-basics")).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it("shows the live price from the current rates", async () => {
    await renderWizard({ initialValues: { ...emptyWizardValues({ paymentMethodSlug: "zelle" }), margin: "2.5" } });

    expect((await screen.findByTestId("preview-price")).textContent).toBe("89,533.75");
    expect(screen.getByTestId("preview-market-price").textContent).toBe("87,350.00 USD");
  });

  it("puts the server's field errors on their field and opens that field's step", async () => {
    const submit = refusedSave({ fiatLimitMax: ["limit_max_below_min"] }, "PUT", "/rest/v1/offers/x");
    await renderWizard({ mode: "edit", initialValues: zelleOffer, submit });

    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("The maximum must not be below the minimum.")).toBeTruthy();
    expect(screen.getByTestId("wizard-step-pricing")).toBeTruthy();
  });

  it("attaches the ticked bank accounts of a sell offer, and shows the server's refusal on that field", async () => {
    const submit = refusedSave({ bankAccountIds: ["bank_account_invalid"] }, "POST", "/rest/v1/offers");
    await renderWizard({ initialValues: zelleOffer, submit });

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByTestId("wizard-step-pricing");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByTestId("wizard-step-terms");
    const second = await screen.findByLabelText("Commerzbank · DE75512108001245126199 · Ada Vendor");
    fireEvent.click(second);
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByTestId("wizard-step-review");
    fireEvent.click(screen.getByRole("button", { name: "Publish offer" }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ type: "sell", bankAccountIds: [2] });
    expect(await screen.findByText("Only your own bank accounts can be attached.")).toBeTruthy();
    expect(screen.getByTestId("wizard-step-terms")).toBeTruthy();
    // Four steps walked through on a shared machine: more than the default five seconds.
  }, 20_000);
});
