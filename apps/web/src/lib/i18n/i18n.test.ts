import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { fr } from "./fr.ts";
import { createI18n, switchLanguage } from "./i18n.ts";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  it("has French for every English text", () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it("has no French text left equal to a long English one by mistake", () => {
    const enTexts = new Map(
      keysOf(en).map((key) => [
        key,
        key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en),
      ]),
    );
    const untranslated = keysOf(fr).filter((key) => {
      const frText = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr);
      const enText = enTexts.get(key);
      return typeof enText === "string" && enText.length > 24 && enText === frText;
    });
    expect(untranslated).toEqual([]);
  });

  it("loads French on demand and switches to it", async () => {
    const i18n = await createI18n("en");
    expect(i18n.t("nav.buy")).toBe("Buy");

    await switchLanguage(i18n, "fr");

    expect(i18n.language).toBe("fr");
    expect(i18n.t("nav.buy")).toBe("Acheter");
  });
});
