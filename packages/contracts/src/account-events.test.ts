import { describe, expect, it } from "vitest";
import {
  ACCOUNT_EVENT_CATALOGUE,
  ACCOUNT_WEBHOOK_EVENTS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_GROUPS,
} from "./account-events.ts";
import { NOTIFICATION_DEFAULTS, notificationSchema } from "./notifications.ts";
import { PAXFUL_WEBHOOK_EVENTS } from "./paxful.ts";
import { accountWebhookSchema, webhookEventsRequestSchema } from "./webhooks.ts";

describe("the one event catalogue", () => {
  it("gives the notifications every event of the catalogue, each in a group with defaults", () => {
    expect(NOTIFICATION_EVENTS).toEqual(Object.keys(ACCOUNT_EVENT_CATALOGUE));
    for (const event of NOTIFICATION_EVENTS) {
      expect(NOTIFICATION_GROUPS).toContain(NOTIFICATION_GROUP_OF[event]);
      expect(notificationSchema.shape.event.safeParse(event).success).toBe(true);
    }
    expect(Object.keys(NOTIFICATION_DEFAULTS).sort()).toEqual([...NOTIFICATION_GROUPS].sort());
  });

  it("gives the webhooks exactly the catalogue's webhook events, every one a notification kind", () => {
    const webhookNames = NOTIFICATION_EVENTS.filter((name) => ACCOUNT_EVENT_CATALOGUE[name].isWebhookEvent);
    expect(ACCOUNT_WEBHOOK_EVENTS).toEqual(webhookNames);
    for (const name of ACCOUNT_WEBHOOK_EVENTS) expect(NOTIFICATION_EVENTS).toContain(name);
    expect(webhookEventsRequestSchema.safeParse({ events: ACCOUNT_WEBHOOK_EVENTS }).success).toBe(true);
    const entity = accountWebhookSchema.shape.events.element.shape.name;
    expect(entity.options).toEqual(ACCOUNT_WEBHOOK_EVENTS);
    // A notice about the webhook itself cannot be delivered to it.
    expect(ACCOUNT_WEBHOOK_EVENTS).not.toContain("webhook.disabled");
  });

  it("keeps the developer API's webhook events to the catalogue's trade events", () => {
    expect(PAXFUL_WEBHOOK_EVENTS).toEqual(NOTIFICATION_EVENTS.filter((name) => name.startsWith("trade.")));
    expect(PAXFUL_WEBHOOK_EVENTS).toContain("trade.attachment_uploaded");
  });
});
