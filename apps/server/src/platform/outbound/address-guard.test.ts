import { describe, expect, it } from "vitest";
import { isPrivateAddress, urlProblem } from "./address-guard.ts";

describe("webhook address guard", () => {
  it("refuses private, loopback, link-local and mapped addresses", () => {
    for (const address of [
      "10.1.2.3",
      "127.0.0.1",
      "169.254.169.254",
      "192.168.0.10",
      "172.20.1.1",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses through", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("asks for https and a public host unless private networks are allowed", () => {
    expect(urlProblem("http://example.com/hook", false)).toMatch(/https/);
    expect(urlProblem("https://127.0.0.1/hook", false)).toMatch(/private/);
    expect(urlProblem("https://localhost/hook", false)).toMatch(/this machine/);
    expect(urlProblem("https://user:pw@example.com/hook", false)).toMatch(/credentials/);
    expect(urlProblem("https://example.com/hook", false)).toBeNull();
    expect(urlProblem("http://127.0.0.1:8080/hook", true)).toBeNull();
  });
});
