// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { nextActive, OptionPicker, type PickerSection } from "./option-picker.tsx";

afterEach(cleanup);

const sections: PickerSection[] = [
  {
    title: "Popular",
    options: [
      { value: "USD", label: "USD", hint: "US dollar" },
      { value: "EUR", label: "EUR", hint: "Euro" },
    ],
  },
  {
    title: "All currencies",
    options: [
      { value: "EUR", label: "EUR", hint: "Euro" },
      { value: "NGN", label: "NGN", hint: "Naira" },
      { value: "USD", label: "USD", hint: "US dollar" },
    ],
  },
];

async function openPicker(value: string | null) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  await renderWithApp(
    <OptionPicker
      opened
      onClose={onClose}
      title="Currency"
      searchLabel="Search a currency"
      anyLabel="Any currency"
      sections={sections}
      value={value}
      onPick={onPick}
    />,
  );
  const search = await screen.findByRole("combobox", { name: "Search a currency" });
  return { search, onPick, onClose };
}

/** The text of the option the search field names as active. */
function activeText(search: HTMLElement): string | null {
  const id = search.getAttribute("aria-activedescendant");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("the option picker's keys", () => {
  it("moves by one with the arrows, wrapping around, and by ten with Page Up and Down", () => {
    expect(nextActive("ArrowDown", 0, 6)).toBe(1);
    expect(nextActive("ArrowDown", 5, 6)).toBe(0);
    expect(nextActive("ArrowUp", 0, 6)).toBe(5);
    expect(nextActive("PageDown", 2, 6)).toBe(5);
    expect(nextActive("PageUp", 2, 6)).toBe(0);
    expect(nextActive("a", 2, 6)).toBeNull();
    expect(nextActive("ArrowDown", 0, 0)).toBeNull();
  });

  it("is a combobox over a listbox: the arrows move the active option and Enter picks it", async () => {
    const { search, onPick, onClose } = await openPicker(null);
    expect(search.getAttribute("aria-controls")).toBe(screen.getByRole("listbox", { name: "Currency" }).id);
    expect(screen.getAllByRole("option")).toHaveLength(6);
    expect(activeText(search)).toBe("Any currency");
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    expect(activeText(search)).toBe("EUR Euro");
    fireEvent.keyDown(search, { key: "ArrowUp" });
    fireEvent.keyDown(search, { key: "ArrowUp" });
    fireEvent.keyDown(search, { key: "ArrowUp" });
    expect(activeText(search)).toBe("USD US dollar");
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith("USD");
    expect(onClose).toHaveBeenCalled();
  });

  it("starts on the selected option, and on the first match after a search", async () => {
    const { search, onPick } = await openPicker("EUR");
    expect(activeText(search)).toBe("EUR Euro");
    expect(screen.getAllByRole("option", { selected: true })).toHaveLength(2);
    fireEvent.change(search, { target: { value: "nai" } });
    expect(screen.getAllByRole("option")).toHaveLength(1);
    expect(activeText(search)).toBe("NGN Naira");
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith("NGN");
  });
});
