// @vitest-environment happy-dom
import type { RealtimeServerMessage } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeTradeNotification } from "../test-fixtures.ts";
import { NotificationBell } from "./notification-bell.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const channel = "user.1";

/** The browser's socket to /realtime, driven by the test as the server would. */
class ServerSocket {
  static current: ServerSocket | null = null;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  sent: { type: string }[] = [];
  constructor(readonly url: string) {
    ServerSocket.current = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  receive(message: RealtimeServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const notification = (id: string, counterparty: string) => makeTradeNotification(id, "trade.started", counterparty);

/** The list holds, newest first, the ones the log-in found (1, 2) and those that come later. */
const listed = [notification("1", "old_one"), notification("2", "old_two")];

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

function created(eventId: number, notificationId: string): RealtimeServerMessage {
  return {
    type: "event",
    channel,
    id: eventId,
    name: "notification.created",
    payload: { id: notificationId, event: "trade.started", subjectId: `T${notificationId}` },
    createdAt: "2026-11-20T09:00:00.000Z",
  };
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", ServerSocket);
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), "http://souk.test");
      if (url.pathname === "/account/re-auth-push-subscription") {
        return answer({ data: { channels: [{ channel, token: "key", expireIn: 3600 }] }, meta: null });
      }
      if (url.pathname === "/rest/v1/notifications/unread-count") {
        return answer({ data: { unreadCount: listed.length }, meta: null });
      }
      const meta = { total: listed.length, currentPage: 1, perPage: 20, lastPage: 1, unreadCount: listed.length };
      return answer({ data: [...listed].reverse(), meta });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the bell's toasts", () => {
  it("announce only what arrives after the page began listening, several at once in one summary", async () => {
    await renderWithApp(<NotificationBell userId={1} />, { user: makeCurrentUser() });
    await waitFor(() => expect(ServerSocket.current?.sent.some((message) => message.type === "subscribe")).toBe(true));
    const server = ServerSocket.current as ServerSocket;
    server.receive({ type: "subscribed", channel, lastEventId: 20, isHistoryTruncated: false });

    // What happened just before the log-in, handed over after it: in the list, no toast.
    server.receive(created(19, "1"));
    server.receive(created(20, "2"));
    // Then one trade starts: its own toast.
    listed.push(notification("3", "new_buyer"));
    server.receive(created(21, "3"));
    expect(await screen.findByText("new_buyer started a trade with you")).toBeTruthy();
    expect(screen.queryByText("old_one started a trade with you")).toBeNull();
    expect(screen.queryByText("old_two started a trade with you")).toBeNull();

    // Three at once: one summary leading to the list.
    listed.push(notification("4", "a"), notification("5", "b"), notification("6", "c"));
    for (const [index, id] of ["4", "5", "6"].entries()) server.receive(created(22 + index, id));
    expect(await screen.findByText("3 new notifications")).toBeTruthy();
    const link = screen.getByRole("link", { name: "See them in your notifications" });
    expect(link.getAttribute("href")).toBe("/notifications");
    expect(screen.queryByText("a started a trade with you")).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(screen.queryByText("3 new notifications")).toBeNull());
  });
});
