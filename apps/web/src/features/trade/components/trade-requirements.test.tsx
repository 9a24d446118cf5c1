// @vitest-environment happy-dom
import { notifications } from "@mantine/notifications";
import type { TradeRequirement } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { createFetchStub, errorAnswer, jsonAnswer, makeTrade, noActions } from "../test-fixtures.ts";
import { TradeRequirements } from "./trade-requirements.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const receipt: TradeRequirement = {
  id: "payment_receipt",
  step: "before_mark_as_paid",
  status: "pending",
  isOptional: false,
  kind: "upload",
  value: null,
  attachmentsCount: 0,
};

function tradeWith(requirement: TradeRequirement, viewerRole: "buyer" | "seller" = "buyer") {
  const trade = makeTrade({
    status: "active_funded",
    viewerRole,
    side: viewerRole === "buyer" ? "bought" : "sold",
    actions: noActions,
  });
  return { ...trade, flow: { ...trade.flow, requirements: [requirement] } };
}

const upload = {
  id: 4,
  requirementId: "payment_receipt",
  fileName: "receipt.png",
  contentType: "image/png",
  sizeBytes: 2048,
  uploadedBy: "bob",
  createdAt: "2026-11-21T10:10:00.000Z",
};

const chatMessage = {
  kind: "user",
  id: "m12",
  messageId: 12,
  author: { username: "bob", role: "buyer" },
  isMine: true,
  text: "Payment receipt for this trade",
  attachments: [
    {
      id: "0b6f8f5e-8d4f-4c4f-9a51-3f0c2a1f6c11",
      kind: "image",
      contentType: "image/png",
      byteSize: 2048,
      fileName: "receipt.png",
      width: 100,
      height: 80,
      pageCount: null,
      url: "/rest/v1/chat/attachments/0b6f8f5e-8d4f-4c4f-9a51-3f0c2a1f6c11",
    },
  ],
  createdAt: "2026-11-21T10:10:00.000Z",
};

function chooseFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe("trade requirements", () => {
  it("sends the buyer's receipt through the chat and records it on the requirement", async () => {
    const uploaded = tradeWith({ ...receipt, status: "uploaded", attachmentsCount: 1 });
    let uploads: unknown[] = [];
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: uploads, meta: null }),
      "POST /rest/v1/trade/T1abc/chat/attachments": () => jsonAnswer(200, { data: chatMessage, meta: null }),
      "POST /rest/v1/trade/T1abc/upload": () => {
        uploads = [upload];
        return jsonAnswer(200, { data: uploaded, meta: null });
      },
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    const item = screen.getByTestId("requirement-payment_receipt");
    expect(within(item).getByTestId("requirement-status").textContent).toBe("Waiting");
    expect(await within(item).findByText("No file yet.")).toBeTruthy();
    chooseFiles([new File(["png-bytes"], "receipt.png", { type: "image/png" })]);
    fireEvent.click(within(item).getByRole("button", { name: "Upload" }));

    await waitFor(() => expect(calls.some((call) => call.path === "/rest/v1/trade/T1abc/upload")).toBe(true));
    const sent = calls.find((call) => call.path === "/rest/v1/trade/T1abc/chat/attachments");
    const form = sent?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(((form as FormData).get("files") as File).name).toBe("receipt.png");
    const recorded = calls.find((call) => call.path === "/rest/v1/trade/T1abc/upload");
    expect(recorded?.body).toEqual({
      requirements: [
        { requirementId: "payment_receipt", fileName: "receipt.png", contentType: "image/png", sizeBytes: 2048 },
      ],
    });
    expect(await within(item).findByText("receipt.png · 2 kB · bob")).toBeTruthy();
  });

  it("refuses a file of the wrong type before sending anything", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [], meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    chooseFiles([new File(["text"], "notes.txt", { type: "text/plain" })]);

    expect(await screen.findByText("Only images (PNG, JPEG, WebP) and PDFs are accepted.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("explains a file the chat refused with the spec's attachment reason", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [], meta: null }),
      "POST /rest/v1/trade/T1abc/chat/attachments": () =>
        errorAnswer(422, "ERROR_INPUT_VALIDATION", "The input is invalid.", { files: ["attachment_image_broken"] }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    chooseFiles([new File(["not really a png"], "receipt.png", { type: "image/png" })]);
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("An image could not be read.")).toBeTruthy();
    expect(calls.some((call) => call.path === "/rest/v1/trade/T1abc/upload")).toBe(false);
  });

  it("lets the seller approve what the buyer uploaded", async () => {
    const pending = { ...receipt, status: "uploaded" as const, attachmentsCount: 1 };
    const approved = tradeWith({ ...pending, status: "approved" }, "seller");
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [upload], meta: null }),
      "POST /rest/v1/trade/T1abc/requirement": () => jsonAnswer(200, { data: approved, meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(pending, "seller")} />, { user: makeCurrentUser() });

    expect(screen.getByTestId("requirement-status").textContent).toBe("Waiting for review");
    expect(await screen.findByText("receipt.png · 2 kB · bob")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upload" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Approve: Payment receipt" }));

    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const review = calls.find((call) => call.method === "POST");
    expect(review?.path).toBe("/rest/v1/trade/T1abc/requirement");
    expect(review?.body).toEqual({ requirementId: "payment_receipt", decision: "approved" });
  });

  it("takes the buyer's payer name as a text requirement", async () => {
    const payerName: TradeRequirement = {
      ...receipt,
      id: "payer_name",
      step: "before_reveal_payment_details",
      kind: "text",
    };
    const { fetchStub, calls } = createFetchStub({
      "POST /rest/v1/trade/T1abc/requirement": () =>
        jsonAnswer(200, { data: tradeWith({ ...payerName, status: "uploaded", value: "Bob Martin" }), meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(payerName)} />, { user: makeCurrentUser() });

    fireEvent.change(screen.getByLabelText("Your name as payer"), { target: { value: " Bob Martin " } });
    fireEvent.click(screen.getByRole("button", { name: "Reveal payment details" }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ requirementId: "payer_name", value: "Bob Martin" });
    // A text requirement has no files, so the uploads list is never asked for.
    expect(calls.some((call) => call.path.endsWith("/uploads"))).toBe(false);
  });
});
