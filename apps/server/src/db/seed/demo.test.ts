import { describe, expect, it } from "vitest";
import { demoAccountsWarning, mayLoadDemoData } from "./demo.ts";

describe("mayLoadDemoData", () => {
  it("loads demo data into the embedded database by default", () => {
    expect(mayLoadDemoData({ mode: "auto", isEmbedded: true, isProduction: false }).isAllowed).toBe(true);
  });

  it("needs SOUK_SEED_DEMO=always for a database at DATABASE_URL or in production", () => {
    const external = mayLoadDemoData({ mode: "auto", isEmbedded: false, isProduction: false });
    expect(external).toEqual({ isAllowed: false, reason: expect.stringContaining("DATABASE_URL") });
    const production = mayLoadDemoData({ mode: "auto", isEmbedded: true, isProduction: true });
    expect(production).toEqual({ isAllowed: false, reason: expect.stringContaining("NODE_ENV=production") });
    expect(mayLoadDemoData({ mode: "always", isEmbedded: false, isProduction: true }).isAllowed).toBe(true);
  });

  it("never loads demo data when told never", () => {
    expect(mayLoadDemoData({ mode: "never", isEmbedded: true, isProduction: false }).isAllowed).toBe(false);
  });
});

describe("demoAccountsWarning", () => {
  it("names the accounts and what to do", () => {
    const lines = demoAccountsWarning(["alice", "admin"]);
    expect(lines.join("\n")).toContain("alice, admin");
    expect(lines.join("\n")).toContain("change their passwords");
  });
});
