import { expect, test } from "@playwright/test";
import { signUpInNewContext, switchTheme } from "./support.ts";

/** The messenger: direct messages outside trades (docs/product.md#messenger). */

test("two users exchange direct messages live, from a profile's Message button and the messenger page", async ({
  browser,
}, testInfo) => {
  const alice = await signUpInNewContext(browser, "e2e_dm_a");
  const bob = await signUpInNewContext(browser, "e2e_dm_b");
  const drawer = alice.page.getByTestId("messenger-chat");

  await test.step("alice opens the messenger on bob's profile", async () => {
    await alice.page.goto(`/user/${bob.username}`);
    await alice.page.getByTestId("message-button").click();
    await expect(alice.page).toHaveURL(new RegExp(`\\?messenger-chat=${bob.username}$`));
    await expect(drawer.getByRole("heading", { name: `Chat with ${bob.username}` })).toBeVisible();
    await expect(drawer.getByText(`No messages yet. Say hello to ${bob.username}.`)).toBeVisible();
  });

  await test.step("bob waits on the messenger page; alice's message reaches him live", async () => {
    await bob.page.goto("/messenger");
    await expect(bob.page.getByTestId("messenger-list-empty")).toBeVisible();
    await drawer.getByRole("textbox", { name: `Message to ${bob.username}` }).fill("Hello Bob, is the offer still on?");
    await drawer.getByRole("button", { name: "Send" }).click();
    await expect(drawer.getByTestId("messenger-message")).toHaveText(/Hello Bob, is the offer still on\?/);
    await alice.page.screenshot({ path: testInfo.outputPath("messenger-drawer-light-en.png") });

    const conversation = bob.page.getByTestId("messenger-conversation").filter({ hasText: alice.username });
    await expect(conversation.getByTestId("messenger-unread")).toHaveText("1");
    await expect(bob.page.getByTestId("messenger-nav-count")).toHaveAttribute("data-count", "1");
  });

  await test.step("bob reads it (the unread count goes) and answers; alice sees the answer live", async () => {
    await bob.page.getByTestId("messenger-conversation").filter({ hasText: alice.username }).click();
    const chat = bob.page.getByTestId("messenger-chat");
    await expect(chat.getByText("Hello Bob, is the offer still on?")).toBeVisible();
    await expect(bob.page.getByTestId("messenger-nav-count")).toHaveAttribute("data-count", "0");
    await expect(bob.page.getByTestId("messenger-unread")).toHaveCount(0);
    await chat.getByRole("textbox", { name: `Message to ${alice.username}` }).fill("Yes, it is.");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(drawer.getByText("Yes, it is.")).toBeVisible();
    await expect(drawer.getByTestId("messenger-message")).toHaveCount(2);
  });

  await test.step("the messenger page in French and dark", async () => {
    await bob.page.goto(`/fr/messenger?messenger-chat=${alice.username}`);
    await switchTheme(bob.page, "dark");
    const chat = bob.page.getByTestId("messenger-chat");
    await expect(chat.getByRole("heading", { name: `Discussion avec ${alice.username}` })).toBeVisible();
    await expect(chat.getByRole("button", { name: "Envoyer" })).toBeVisible();
    await bob.page.screenshot({ path: testInfo.outputPath("messenger-page-dark-fr.png") });
  });

  await test.step("the panel closes with its button, and with messenger-close in the address", async () => {
    await drawer.getByTestId("messenger-close").click();
    await expect(drawer).toHaveCount(0);
    await expect(alice.page).toHaveURL(new RegExp(`/user/${bob.username}$`));
    await alice.page.goto(`/user/${bob.username}?messenger-chat=${bob.username}&messenger-close`);
    await expect(alice.page).toHaveURL(new RegExp(`/user/${bob.username}$`));
    await expect(alice.page.getByTestId("messenger-chat")).toHaveCount(0);
  });
});

test("a user who accepts messages from nobody refuses a stranger with the reason", async ({ browser }, testInfo) => {
  const carol = await signUpInNewContext(browser, "e2e_dm_c");
  const dave = await signUpInNewContext(browser, "e2e_dm_d");

  await test.step("carol chooses that nobody may message her", async () => {
    await carol.page.goto("/account/settings");
    const profile = carol.page.getByTestId("profile-settings");
    await profile.getByLabel("Who may message me").click();
    await carol.page.getByRole("option", { name: "Nobody" }).click();
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(profile.getByRole("status")).toHaveText("Saved.");
  });

  await test.step("dave is told why, with no composer (English, light)", async () => {
    await dave.page.goto(`/user/${carol.username}?messenger-chat=${carol.username}`);
    const chat = dave.page.getByTestId("messenger-chat");
    await expect(chat.getByTestId("messenger-refusal")).toHaveText(`${carol.username} does not accept messages.`);
    await expect(chat.getByText(`You cannot start a conversation with ${carol.username}.`)).toBeVisible();
    await expect(chat.getByRole("textbox")).toHaveCount(0);
    await dave.page.screenshot({ path: testInfo.outputPath("messenger-refused-light-en.png") });
  });

  await test.step("the same in French and dark", async () => {
    // The theme switch first: the open panel covers the top bar.
    await dave.page.goto(`/fr/user/${carol.username}`);
    await switchTheme(dave.page, "dark");
    await dave.page.goto(`/fr/user/${carol.username}?messenger-chat=${carol.username}`);
    const chat = dave.page.getByTestId("messenger-chat");
    await expect(chat.getByTestId("messenger-refusal")).toHaveText(`${carol.username} n’accepte pas de messages.`);
    await dave.page.screenshot({ path: testInfo.outputPath("messenger-refused-dark-fr.png") });
  });

  await test.step("on a small screen the messenger is a page", async () => {
    await dave.page.setViewportSize({ width: 390, height: 800 });
    await dave.page.goto(`/user/${carol.username}?messenger-chat=${carol.username}`);
    await expect(dave.page).toHaveURL(new RegExp(`/messenger\\?messenger-chat=${carol.username}$`));
    await expect(dave.page.getByTestId("messenger-page").getByTestId("messenger-refusal")).toBeVisible();
    await dave.page.screenshot({ path: testInfo.outputPath("messenger-refused-phone.png") });
  });
});
