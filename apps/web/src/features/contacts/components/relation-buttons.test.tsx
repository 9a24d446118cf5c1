// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { RelationButtons } from "./relation-buttons.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify({ data: body, meta: null }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

describe("RelationButtons", () => {
  it("blocks only after the confirmation, then offers to unblock and tells the page", async () => {
    const posted: unknown[] = [];
    // The server's relation: trusted until the block arrives.
    let relation = { username: "carol", state: "trusted", isTrusted: true, isBlocked: false };
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (_url, init) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          relation = { username: "carol", state: "blocked", isTrusted: false, isBlocked: true };
        }
        return json(relation);
      }),
    );
    const onChanged = vi.fn();
    await renderWithApp(<RelationButtons username="carol" onChanged={onChanged} />, { user: makeCurrentUser() });

    expect(await screen.findByRole("button", { name: "Untrust" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Block" }));
    const dialog = await screen.findByRole("dialog", { name: "Block carol?" });
    expect(posted).toEqual([]);
    const confirm = Array.from(dialog.querySelectorAll("button")).find((button) => button.textContent === "Block");
    fireEvent.click(confirm as HTMLButtonElement);

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith("block"));
    expect(posted).toEqual([{ action: "block" }]);
    expect(await screen.findByRole("button", { name: "Unblock" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Untrust" })).toBeNull();
  });

  it("speaks French", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        json({ username: "carol", state: "untrusted", isTrusted: false, isBlocked: false }),
      ),
    );
    await renderWithApp(<RelationButtons username="carol" />, { user: makeCurrentUser(), locale: "fr" });
    expect(await screen.findByRole("button", { name: "Faire confiance" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bloquer" })).toBeTruthy();
  });
});
