import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test-utils/render-app.tsx";
import { LoadError } from "./load-error.tsx";

describe("LoadError", () => {
  it("says what failed as an alert and retries on demand", async () => {
    const onRetry = vi.fn();
    await renderWithApp(<LoadError message="The list did not load." retryLabel="Retry" onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toContain("The list did not load.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("puts a title above the message when it stands for a whole section", async () => {
    await renderWithApp(
      <LoadError title="Could not load" message="Try again." retryLabel="Retry" onRetry={() => {}} data-testid="x" />,
    );
    const block = screen.getByTestId("x");
    expect(block.textContent).toContain("Could not load");
    expect(block.textContent).toContain("Try again.");
  });
});
