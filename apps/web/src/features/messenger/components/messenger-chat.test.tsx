// @vitest-environment happy-dom
import type { DirectMessage, MessengerListMeta } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { MessengerChat } from "./messenger-chat.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (data: unknown, meta: unknown = null) =>
  new Response(JSON.stringify({ data, meta }), { status: 200, headers: { "Content-Type": "application/json" } });

const baseMeta: MessengerListMeta = {
  chatState: "chat_exists",
  canPost: true,
  blockReason: null,
  acceptChatMessages: null,
  unreadCount: 0,
  hasMoreBefore: false,
};

function message(id: number, text: string, isMine: boolean): DirectMessage {
  return { id, from: isMine ? "amina_k" : "bob", isMine, text, createdAt: "2026-11-28T12:00:00.000Z" };
}

/** A fake server: GET answers the conversation; POST records the body and answers `onPost`. */
function serve(conversation: { data: DirectMessage[]; meta: MessengerListMeta }) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (url, init) => {
      if (init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        const path = String(url).split("?")[0] ?? "";
        posts.push({ url: path, body });
        if (path.endsWith("/read")) return answer({ lastReadId: body.lastReadId, unreadCount: 0 });
        const sent = message(99, body.message, true);
        conversation.data = [...conversation.data, sent];
        conversation.meta = { ...conversation.meta, chatState: "chat_exists" };
        return answer(sent);
      }
      return answer(conversation.data, conversation.meta);
    }),
  );
  return posts;
}

describe("MessengerChat", () => {
  it("invites a first message, sends it and shows it", async () => {
    const posts = serve({ data: [], meta: { ...baseMeta, chatState: "chat_create_is_allowed" } });
    await renderWithApp(<MessengerChat username="bob" />, { user: makeCurrentUser() });
    expect(await screen.findByText("No messages yet. Say hello to bob.")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Message to bob" }), { target: { value: "  Hello Bob " } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Hello Bob")).toBeTruthy();
    expect(posts).toEqual([{ url: "/rest/v1/messenger/bob", body: { message: "Hello Bob" } }]);
  });

  it("marks the newest message from the other user read when some are unread", async () => {
    const posts = serve({
      data: [message(3, "one", false), message(5, "two", false), message(6, "mine", true)],
      meta: { ...baseMeta, unreadCount: 2 },
    });
    await renderWithApp(<MessengerChat username="bob" />, { user: makeCurrentUser() });
    expect(await screen.findByText("two")).toBeTruthy();
    await waitFor(() => expect(posts).toEqual([{ url: "/rest/v1/messenger/bob/read", body: { lastReadId: 5 } }]));
  });

  it("says why a stranger may not write instead of showing the composer", async () => {
    serve({
      data: [],
      meta: { ...baseMeta, chatState: "chat_create_is_forbidden", canPost: false, acceptChatMessages: "NO" },
    });
    await renderWithApp(<MessengerChat username="bob" />, { user: makeCurrentUser() });
    expect(await screen.findByText("bob does not accept messages.")).toBeTruthy();
    expect(screen.getByText("You cannot start a conversation with bob.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("says ChatBlocked in French", async () => {
    serve({
      data: [message(1, "salut", false)],
      meta: { ...baseMeta, canPost: false, blockReason: "ChatBlocked" },
    });
    await renderWithApp(<MessengerChat username="bob" />, { user: makeCurrentUser(), locale: "fr" });
    expect(await screen.findByText("Vous ne pouvez pas écrire à bob : l’un de vous a bloqué l’autre.")).toBeTruthy();
    expect(screen.getByText("salut")).toBeTruthy();
  });
});
