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
  it("posts the buyer's receipt as multipart to the trade's upload and links the stored file", async () => {
    const uploaded = tradeWith({ ...receipt, status: "uploaded", attachmentsCount: 1 });
    let uploads: unknown[] = [];
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: uploads, meta: null }),
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
    const receiptPng = new File(["png-bytes"], "receipt.png", { type: "image/png" });
    const receiptPdf = new File(["%PDF-1.7"], "receipt.pdf", { type: "application/pdf" });
    chooseFiles([receiptPng, receiptPdf]);
    fireEvent.click(within(item).getByRole("button", { name: "Upload" }));

    await waitFor(() => expect(calls.some((call) => call.path === "/rest/v1/trade/T1abc/upload")).toBe(true));
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/rest/v1/trade/T1abc/upload"]);
    const form = posts[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).getAll("requirementId")).toEqual(["payment_receipt"]);
    const sentFiles = (form as FormData).getAll("files") as File[];
    expect(sentFiles.map((file) => [file.name, file.type])).toEqual([
      ["receipt.png", "image/png"],
      ["receipt.pdf", "application/pdf"],
    ]);
    expect([...(form as FormData).keys()].sort()).toEqual(["files", "files", "requirementId"]);
    const init = fetchStub.mock.calls.find(([input]) => String(input).includes("/upload"))?.[1];
    expect(new Headers(init?.headers).get("Content-Type")).toBeNull();

    const link = await within(item).findByRole("link", { name: "receipt.png" });
    expect(link.getAttribute("href")).toBe("/rest/v1/trade/T1abc/uploads/4");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(within(item).getByText("2 kB · bob")).toBeTruthy();
    expect(await screen.findByText("The files were uploaded.")).toBeTruthy();
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

  it("refuses more files than one upload or the trade takes, and a file over the trade's size limit", async () => {
    const onTrade = Array.from({ length: 15 }, (_, index) => ({ ...upload, id: 100 + index }));
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: onTrade, meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });
    await screen.findAllByRole("link", { name: "receipt.png" });
    const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: "image/png" });
    const uploadButton = () => screen.getByRole("button", { name: "Upload" }) as HTMLButtonElement;

    // The trade holds 15 of its 20 files: six more are refused, five pass.
    chooseFiles(Array.from({ length: 6 }, (_, index) => png(`r${index}.png`)));
    expect(await screen.findByText("Too many files for one upload or for this trade.")).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
    chooseFiles(Array.from({ length: 5 }, (_, index) => png(`r${index}.png`)));
    await waitFor(() => expect(uploadButton().disabled).toBe(false));

    // 10 MiB is the trade's limit (not the chat's 5 MiB): just over it is refused.
    chooseFiles([png("big.png", 10 * 1024 * 1024 + 1)]);
    expect(await screen.findByText("A file is too large.")).toBeTruthy();
    chooseFiles([png("fits.png", 6 * 1024 * 1024)]);
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("refuses more than ten files in one upload", async () => {
    const { fetchStub } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [], meta: null }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    chooseFiles(Array.from({ length: 11 }, (_, index) => new File(["x"], `r${index}.png`, { type: "image/png" })));

    expect(await screen.findByText("Too many files for one upload or for this trade.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Upload" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("explains a file the server refused with the spec's attachment reason and keeps the choice", async () => {
    const { fetchStub, calls } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [], meta: null }),
      "POST /rest/v1/trade/T1abc/upload": () =>
        errorAnswer(422, "ERROR_ATTACHMENT_REFUSED", "The attachment was refused.", {
          files: ["attachment_image_broken"],
        }),
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    chooseFiles([new File(["not really a png"], "receipt.png", { type: "image/png" })]);
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));

    expect((await screen.findByRole("alert")).textContent).toBe("An image could not be read.");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/rest/v1/trade/T1abc/upload",
    ]);
    expect(screen.getByText("1 file(s) selected")).toBeTruthy();
    expect(screen.getByTestId("requirement-status").textContent).toBe("Waiting");
  });

  it("shows the trade's file limit and a requirement refusal in the server's words", async () => {
    let answer = errorAnswer(422, "ERROR_ATTACHMENT_REFUSED", "The attachment was refused.", {
      requirements: ["attachment_limit_count"],
    });
    const { fetchStub } = createFetchStub({
      "GET /rest/v1/trade/T1abc/uploads": () => jsonAnswer(200, { data: [], meta: null }),
      "POST /rest/v1/trade/T1abc/upload": () => answer,
    });
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeRequirements trade={tradeWith(receipt)} />, { user: makeCurrentUser() });

    chooseFiles([new File(["png"], "receipt.png", { type: "image/png" })]);
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many files for one upload or for this trade.");

    answer = errorAnswer(422, "ERROR_ATTACHMENT_REFUSED", "The attachment was refused.", {
      requirementId: ["requirement_not_on_trade"],
    });
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("This trade does not ask for this.")).toBeTruthy();

    // A refusal without a known word shows the server's sentence.
    answer = errorAnswer(409, "ERROR_TRADE_WRONG_STATE", "The trade is no longer open.");
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("The trade is no longer open.")).toBeTruthy();
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
    // The seller opens the buyer's file from the server before deciding.
    const link = await screen.findByRole("link", { name: "receipt.png" });
    expect(link.getAttribute("href")).toBe("/rest/v1/trade/T1abc/uploads/4");
    expect(screen.getByText("2 kB · bob")).toBeTruthy();
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
