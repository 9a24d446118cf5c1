// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { FavoriteToggle } from "./favorite-toggle.tsx";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("favourite star", () => {
  it("adds with POST and flips only once the server confirms", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const onToggled = vi.fn();
    await renderWithApp(<FavoriteToggle idHashed="abc" isFavorite={false} onToggled={onToggled} />, {
      user: makeCurrentUser(),
    });

    const star = screen.getByRole("button", { name: "Add to favourites" });
    fireEvent.click(star);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/^\/rest\/v1\/favorites\/offers\/abc\?/);
    expect(init?.method).toBe("POST");
    expect(star.getAttribute("aria-pressed")).toBe("false");

    answer(json(200, { data: { idHashed: "abc", isFavorite: true }, meta: null }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-pressed")).toBe("true"),
    );
    expect(onToggled).toHaveBeenCalledWith(true);
  });

  it("removes with DELETE and stays as it was when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { errors: { message: "boom", code: "ERROR_INTERNAL", details: null } }));
    const onToggled = vi.fn();
    await renderWithApp(<FavoriteToggle idHashed="abc" isFavorite onToggled={onToggled} />, {
      user: makeCurrentUser(),
    });

    fireEvent.click(screen.getByRole("button", { name: "Remove from favourites" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    await waitFor(() => expect(screen.getByRole("button", { name: "Remove from favourites" })).toBeTruthy());
    expect(screen.getByRole("button", { name: "Remove from favourites" }).getAttribute("aria-pressed")).toBe("true");
    expect(onToggled).not.toHaveBeenCalled();
  });
});
