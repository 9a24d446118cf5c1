import { describe, expect, it } from "vitest";
import { type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { deliverMailTo, onAppWithSmtp, type TestSmtp } from "../../../test/smtp.ts";
import { DEVICE_COOKIE } from "../../platform/index.ts";

const PASSWORD = "Device-password-1!";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let t: TestApp;
let smtp: TestSmtp;
onAppWithSmtp({ PUBLIC_URL: "https://souk.example" }, (app, server) => {
  t = app;
  smtp = server;
});

/** An account made through the register route, in its own browser (which gets a device id). */
async function register(): Promise<{ browser: TestClient; name: string; email: string }> {
  const name = uniqueName("dev");
  const browser = t.client();
  const answer = await browser.post("/rest/v1/auth/register", {
    email: `${name}@example.test`,
    username: name,
    password: PASSWORD,
  });
  expect(answer.status).toBe(201);
  return { browser, name, email: `${name}@example.test` };
}

const logIn = (browser: TestClient, login: string) =>
  browser.post("/rest/v1/auth/login", { login, password: PASSWORD }, { headers: { "user-agent": FIREFOX } });

const deliveredTo = (email: string) => deliverMailTo(t, smtp, email);

const activityTypes = async (browser: TestClient) =>
  ((await browser.get("/rest/v1/users/activity")).body.data as Array<{ type: string }>).map((line) => line.type);

describe("device ids", () => {
  it("a first visit gets a 32-character device id cookie, kept while it is valid", async () => {
    const browser = t.client();
    await browser.get("/rest/v1/csrf");
    const id = browser.cookie(DEVICE_COOKIE);
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    await browser.get("/rest/v1/csrf");
    expect(browser.cookie(DEVICE_COOKIE)).toBe(id);
    browser.setCookie(DEVICE_COOKIE, "forged-not-32");
    await browser.get("/rest/v1/csrf");
    expect(browser.cookie(DEVICE_COOKIE)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(browser.cookie(DEVICE_COOKIE)).not.toBe(id);
  });

  it("the sessions list shows the end of each session's device id", async () => {
    const { browser } = await register();
    const sessions = (await browser.get("/rest/v1/users/sessions")).body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.deviceId).toBe(browser.cookie(DEVICE_COOKIE)?.slice(-6));
    expect(JSON.stringify(sessions)).not.toContain(browser.cookie(DEVICE_COOKIE));
  });
});

describe("a log-in from a new device", () => {
  it("e-mails the user (in their language) and writes activity; the same device again does not", async () => {
    const { browser, name, email } = await register();
    expect(await deliveredTo(email)).toHaveLength(1); // the e-mail code of the sign-up only
    // The device the account was made on is known.
    expect((await logIn(browser, name)).status).toBe(200);
    expect(await deliveredTo(email)).toHaveLength(1);

    const laptop = t.client();
    expect((await logIn(laptop, name)).status).toBe(200);
    const mails = await deliveredTo(email);
    expect(mails).toHaveLength(2);
    const notice = mails.at(-1);
    expect(notice?.subject).toBe("New log-in to your Souk account");
    expect(notice?.text).toContain("Firefox on Windows");
    expect(notice?.text).toContain("https://souk.example/account/devices");
    expect(await activityTypes(laptop)).toContain("new_device_login");

    // The laptop is known now.
    expect((await logIn(laptop, name)).status).toBe(200);
    expect(await deliveredTo(email)).toHaveLength(2);
  });

  it("writes the notice in the user's language", async () => {
    const { browser, name, email } = await register();
    expect((await browser.post("/rest/v1/users/settings", { locale: "fr" })).status).toBe(200);
    expect((await logIn(t.client(), name)).status).toBe(200);
    const notice = (await deliveredTo(email)).at(-1);
    expect(notice?.subject).toBe("Nouvelle connexion à votre compte Souk");
  });

  it("a wrong password from a new device mails nothing and remembers nothing", async () => {
    const { name, email } = await register();
    const stranger = t.client();
    const wrong = await stranger.post("/rest/v1/auth/login", { login: name, password: "Wrong-password-9!" });
    expect(wrong.status).toBe(401);
    expect(await deliveredTo(email)).toHaveLength(1);
    expect((await logIn(stranger, name)).status).toBe(200);
    expect(await deliveredTo(email)).toHaveLength(2);
  });
});
