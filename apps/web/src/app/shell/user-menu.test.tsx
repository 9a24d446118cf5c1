// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../test-utils/render-app.tsx";
import { UserMenu } from "./user-menu.tsx";

afterEach(cleanup);

describe("the user menu", () => {
  it("leads staff to the disputes screen", async () => {
    const user = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    expect((await screen.findByTestId("disputes-link")).getAttribute("href")).toBe("/moderation/disputes");
  });

  it("shows no disputes entry to other users", async () => {
    const user = makeCurrentUser();
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    expect(await screen.findByTestId("logout-button")).toBeTruthy();
    expect(screen.queryByTestId("disputes-link")).toBeNull();
  });
});
