import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type FilePart, multipartBody, type TestApp, type TestClient } from "../../../test/harness.ts";
import { pdfWithPages, pngImage } from "../../../test/sample-files.ts";
import { notifyFromFeed } from "../notifications/index.ts";
import { purgeCompanyDocumentsJob } from "./jobs/purge-documents.job.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const corporate = "/rest/v1/users/corporate-accounts";
const review = "/rest/v1/moderation/company-applications";
const company = {
  legalEntityName: "Diallo Trading SARL",
  businessName: "Amina's Exchange",
  registrationNumber: "RC-DKR-2024-B-123",
  countryIso3: "SEN",
};

async function documents(): Promise<FilePart[]> {
  return [
    { bytes: await pdfWithPages(1), name: "registration.pdf", type: "application/pdf" },
    { bytes: await pngImage(), name: "licence.png", type: "image/png" },
  ];
}

async function submit(client: TestClient, fields: Record<string, string> = company, files?: FilePart[]) {
  const { body, contentType } = await multipartBody(files ?? (await documents()), fields);
  return client.request("POST", `${corporate}/company-verification`, body, {
    headers: { "content-type": contentType },
  });
}

async function corporateUser(roles?: ("user" | "moderator")[]): Promise<TestClient> {
  const user = await t.signUp(roles ? { roles } : {});
  expect((await user.post(`${corporate}/convert-to-corporate`)).status).toBe(200);
  return user;
}

async function storedCompanyFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(t.config.dataDir, "files", "company"));
  } catch {
    return [];
  }
}

const stateOf = async (client: TestClient) => (await client.get(`${corporate}/company-verification`)).body.data;
const me = async (client: TestClient) => (await client.get("/rest/v1/users/current_user")).body.data;

describe("converting between personal and corporate", () => {
  it("converts with a message and a redirect, records it, and refuses a second conversion", async () => {
    const user = await t.signUp();
    const converted = await user.post(`${corporate}/convert-to-corporate`);
    expect(converted.status).toBe(200);
    expect(converted.body.data).toEqual({ message: expect.any(String), redirect: "/account/verification/company" });
    expect(await me(user)).toMatchObject({ isCorporate: true, verification: { corporateAccount: false } });
    const again = await user.post(`${corporate}/convert-to-corporate`);
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_CORPORATE_ACCOUNT_ALREADY");

    const back = await user.post(`${corporate}/convert-to-personal`);
    expect(back.body.data).toEqual({ message: expect.any(String), redirect: "/account/settings" });
    expect((await me(user)).isCorporate).toBe(false);
    expect((await user.post(`${corporate}/convert-to-personal`)).body.errors.code).toBe(
      "ERROR_CORPORATE_ACCOUNT_REQUIRED",
    );
    const activity = (await user.get("/rest/v1/users/activity")).body.data;
    expect(activity.map((line: { type: string }) => line.type)).toEqual(
      expect.arrayContaining(["account_type_change"]),
    );
  });

  it("postpones company verification for a corporate account only; sending the application ends it", async () => {
    const personal = await t.signUp();
    const refused = await personal.post("/rest/v1/users/postpone-company-verification");
    expect(refused.status).toBe(409);
    expect(refused.body.errors.code).toBe("ERROR_CORPORATE_ACCOUNT_REQUIRED");
    const user = await corporateUser();
    const postponed = await user.post("/rest/v1/users/postpone-company-verification");
    expect(postponed.status).toBe(200);
    expect(postponed.body.data).toMatchObject({ isPostponed: true, status: null, canSubmit: true });
    expect((await submit(user)).body.data).toMatchObject({ isPostponed: false, status: "application_submitted" });
  });
});

describe("sending a company application", () => {
  it("refuses bad input clearly and stores nothing of it", async () => {
    const personal = await t.signUp();
    expect((await submit(personal)).body.errors.code).toBe("ERROR_CORPORATE_ACCOUNT_REQUIRED");
    const user = await corporateUser();
    const before = await storedCompanyFiles();
    const cases: [Record<string, string>, FilePart[] | undefined, string, string][] = [
      [{ ...company, countryIso3: "XYZ" }, undefined, "countryIso3", "country_invalid"],
      [{ ...company, countryIso3: "sen" }, undefined, "countryIso3", "country_invalid"],
      [{ ...company, legalEntityName: " " }, undefined, "legalEntityName", "legal_entity_name_required"],
      [{ ...company, registrationNumber: "<script>" }, undefined, "registrationNumber", "registration_number_invalid"],
      [company, [], "files", "attachment_required"],
      [
        company,
        [{ bytes: Buffer.from("just text, not a document"), name: "notes.txt", type: "text/plain" }],
        "files",
        "attachment_type_not_allowed",
      ],
      [
        company,
        [{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: "huge.png", type: "image/png" }],
        "files",
        "attachment_limit_size",
      ],
    ];
    for (const [fields, files, field, reason] of cases) {
      const answer = await submit(user, fields, files);
      expect(answer.status, reason).toBe(422);
      expect(answer.body.errors.details[field]).toContain(reason);
    }
    const { legalEntityName: _, ...missing } = company;
    expect((await submit(user, missing)).status).toBe(422);
    expect(await storedCompanyFiles()).toEqual(before);
    expect(await stateOf(user)).toMatchObject({ status: null, application: null, canSubmit: true });
  });

  it("takes one application at a time and shows its documents to the owner only", async () => {
    const user = await corporateUser();
    const sent = await submit(user);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      isCorporate: true,
      isCorporateVerified: false,
      status: "application_submitted",
      canSubmit: false,
      application: { ...company, reason: null },
    });
    const [pdf, png] = sent.body.data.application.documents;
    expect([pdf.contentType, png.contentType]).toEqual(["application/pdf", "image/png"]);
    const second = await submit(user);
    expect(second.status).toBe(409);
    expect(second.body.errors.code).toBe("ERROR_COMPANY_APPLICATION_OPEN");

    const own = await user.download(`${corporate}/company-verification/documents/${png.id}`);
    expect(own.status).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    const stranger = await corporateUser();
    expect((await stranger.download(`${corporate}/company-verification/documents/${png.id}`)).status).toBe(404);
    // The stored key is random, not the document's id or name.
    const { rows } = await sql<{ storage_key: string }>`
      SELECT storage_key FROM company_documents WHERE id = ${png.id}`.execute(t.ownerDb);
    expect(rows[0]!.storage_key).toMatch(/^company\/[0-9a-f-]{36}$/);
    expect((await user.post(`${corporate}/convert-to-personal`)).body.errors.code).toBe(
      "ERROR_COMPANY_APPLICATION_OPEN",
    );
  });
});

describe("reviewing company applications", () => {
  it("asks for a resubmission, then approves: the account is a verified corporate one showing its company", async () => {
    const user = await corporateUser();
    await user.post("/rest/v1/users/settings", { firstName: "Amina", lastName: "Diallo" });
    const first = (await submit(user)).body.data.application;
    const moderator = await t.signUp({ roles: ["moderator"] });
    const other = await t.signUp({ roles: ["moderator"] });

    const queue = (await moderator.get(review)).body.data;
    expect(queue.find((item: { id: string }) => item.id === first.id)).toMatchObject({
      username: user.user!.username,
      status: "application_submitted",
    });
    expect((await user.get(review)).status).toBe(403);
    const taken = await moderator.post(`${review}/${first.id}/take`);
    expect(taken.body.data).toMatchObject({ status: "in_review", reviewerUsername: moderator.user!.username });
    expect((await stateOf(user)).status).toBe("in_review");
    const byOther = await other.post(`${review}/${first.id}/decision`, { decision: "approve" });
    expect(byOther.status).toBe(409);
    expect(byOther.body.errors.code).toBe("ERROR_COMPANY_APPLICATION_TAKEN");
    const noReason = await moderator.post(`${review}/${first.id}/decision`, { decision: "request_resubmission" });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.details.reason).toEqual(["reason_required"]);

    const back = await moderator.post(`${review}/${first.id}/decision`, {
      decision: "request_resubmission",
      reason: "The registration extract is older than three months.",
    });
    expect(back.body.data.status).toBe("application_waiting_resubmission");
    expect(await stateOf(user)).toMatchObject({
      status: "application_waiting_resubmission",
      canSubmit: true,
      application: { reason: "The registration extract is older than three months." },
    });
    expect((await moderator.post(`${review}/${first.id}/decision`, { decision: "approve" })).status).toBe(409);

    const second = (await submit(user)).body.data.application;
    const approved = await other.post(`${review}/${second.id}/decision`, { decision: "approve" });
    expect(approved.body.data).toMatchObject({ status: "application_approved", reason: null });
    expect(await me(user)).toMatchObject({ verification: { company: true, corporateAccount: true } });
    expect(await stateOf(user)).toMatchObject({ isCorporateVerified: true, canSubmit: false });
    expect((await submit(user)).body.errors.code).toBe("ERROR_COMPANY_APPLICATION_DECIDED");

    const profileName = async (fullNameVisibilityType: string) => {
      await user.post("/rest/v1/users/settings", { fullNameVisibilityType });
      return (await t.client().get(`/rest/v1/users/${user.user!.username}`)).body.data.fullName;
    };
    expect(await profileName("legal_entity_name")).toBe(company.legalEntityName);
    expect(await profileName("business_name")).toBe(company.businessName);
    expect(await profileName("first_name_and_initial")).toBe("Amina D.");
    await profileName("business_name");

    // Back to personal: the company name is no longer shown, and the company stays verified.
    expect((await user.post(`${corporate}/convert-to-personal`)).status).toBe(200);
    expect(await me(user)).toMatchObject({
      fullNameVisibilityType: "first_name_and_initial",
      verification: { company: true, corporateAccount: false },
    });
    expect((await t.client().get(`/rest/v1/users/${user.user!.username}`)).body.data.fullName).toBe("Amina D.");
    const activity = (await user.get("/rest/v1/users/activity")).body.data;
    expect(activity.filter((line: { type: string }) => line.type === "company_verification")).toHaveLength(2);
    // Each decision is an account event of the one catalogue: the notifications read it from the feed.
    await notifyFromFeed(t.db);
    const notices = (await user.get("/rest/v1/notifications")).body.data as { event: string; subjectId: string }[];
    expect(
      notices
        .filter((notice) => notice.event === "account.company_verification_decided")
        .map((notice) => notice.subjectId)
        .sort(),
    ).toEqual([first.id, second.id].sort());
  });

  it("rejects with a reason; a moderator cannot review their own application; reviewer views are recorded", async () => {
    const applicant = await corporateUser(["moderator"]);
    const application = (await submit(applicant)).body.data.application;
    const own = await applicant.post(`${review}/${application.id}/take`);
    expect(own.status).toBe(403);
    expect(own.body.errors.code).toBe("ERROR_COMPANY_REVIEW_OWN_APPLICATION");
    expect((await applicant.post(`${review}/${application.id}/decision`, { decision: "approve" })).status).toBe(403);

    const moderator = await t.signUp({ roles: ["moderator"] });
    const document = application.documents[0];
    const viewed = await moderator.download(`${review}/${application.id}/documents/${document.id}`);
    expect(viewed.status).toBe(200);
    expect(viewed.headers["content-type"]).toBe("application/pdf");
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM company_document_views WHERE document_id = ${document.id}`.execute(t.ownerDb);
    expect(rows[0]!.n).toBe(1);

    const rejected = await moderator.post(`${review}/${application.id}/decision`, {
      decision: "reject",
      reason: "The company is not registered in the named country.",
    });
    expect(rejected.body.data.status).toBe("application_rejected");
    expect(await stateOf(applicant)).toMatchObject({
      status: "application_rejected",
      isCorporateVerified: false,
      application: { reason: "The company is not registered in the named country." },
    });
    expect((await moderator.get(`${review}?status=application_rejected`)).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: application.id })]),
    );
    expect((await moderator.post(`${review}/nonexistent1/take`)).status).toBe(404);
    // The decision's audit row, and none for the refused ones.
    const audit = await sql<{ action: string; actor_user_id: string; subject_id: string; reason: string }>`
      SELECT action, actor_user_id::text, subject_id, reason FROM audit_log
      WHERE details->>'application' = ${application.id} ORDER BY id`.execute(t.ownerDb);
    expect(audit.rows).toEqual([
      {
        action: "company.reject",
        actor_user_id: String(moderator.user!.id),
        subject_id: applicant.user!.username,
        reason: "The company is not registered in the named country.",
      },
    ]);
  });
});

describe("document retention", () => {
  const runPurge = () =>
    purgeCompanyDocumentsJob.handler(
      {},
      { config: t.config, db: t.db, log: pino({ level: "silent" }), send: async () => {} },
    );
  const ageBy = (days: number) => sql`make_interval(days => ${days})`;

  it("removes the files of a rejected application and of a closed account after the retention, keeps the rest", async () => {
    const moderator = await t.signUp({ roles: ["moderator"] });
    const rejectedUser = await corporateUser();
    const rejected = (await submit(rejectedUser)).body.data.application;
    await moderator.post(`${review}/${rejected.id}/decision`, { decision: "reject", reason: "Not a company." });
    const closedUser = await corporateUser();
    const closed = (await submit(closedUser)).body.data.application;
    const keptUser = await corporateUser();
    const kept = (await submit(keptUser)).body.data.application;
    await moderator.post(`${review}/${kept.id}/decision`, { decision: "approve" });

    const keyOf = async (id: string) =>
      (
        await sql<{ storage_key: string | null }>`SELECT storage_key FROM company_documents WHERE id = ${id}`.execute(
          t.ownerDb,
        )
      ).rows[0]!.storage_key;
    const rejectedKey = await keyOf(rejected.documents[0].id);
    await sql`UPDATE users SET closed_at = now() WHERE username = ${closedUser.user!.username}`.execute(t.ownerDb);

    // Inside the retention period nothing goes.
    await runPurge();
    expect(await keyOf(rejected.documents[0].id)).not.toBeNull();

    const days = t.config.SOUK_DOCUMENT_RETENTION_DAYS + 1;
    await sql`UPDATE company_applications SET decided_at = decided_at - ${ageBy(days)}
      WHERE public_id = ${rejected.id}`.execute(t.ownerDb);
    await sql`UPDATE users SET closed_at = closed_at - ${ageBy(days)}
      WHERE username = ${closedUser.user!.username}`.execute(t.ownerDb);
    await sql`UPDATE company_applications SET decided_at = decided_at - ${ageBy(days)}
      WHERE public_id = ${kept.id}`.execute(t.ownerDb);
    await runPurge();

    for (const document of [...rejected.documents, ...closed.documents]) expect(await keyOf(document.id)).toBeNull();
    expect(await storedCompanyFiles()).not.toContain(path.basename(rejectedKey!));
    for (const document of kept.documents) expect(await keyOf(document.id)).not.toBeNull();
    expect(
      (await stateOf(rejectedUser)).application.documents.map((d: { isAvailable: boolean }) => d.isAvailable),
    ).toEqual([false, false]);
    const gone = await rejectedUser.download(`${corporate}/company-verification/documents/${rejected.documents[0].id}`);
    expect(gone.status).toBe(404);
    // A second run finds nothing more to do.
    await runPurge();
    expect(await keyOf(kept.documents[0].id)).not.toBeNull();
  });
});

describe("with corporate accounts switched off", () => {
  it("refuses conversion, postponing and applications", async () => {
    const off = await createTestApp({ SOUK_FEATURE_FLAGS: "corporateAccount=false" });
    try {
      const user = await off.signUp();
      const answer = await user.post(`${corporate}/convert-to-corporate`);
      expect(answer.status).toBe(403);
      expect(answer.body.errors.code).toBe("ERROR_CORPORATE_ACCOUNT_OFF");
      expect((await user.post("/rest/v1/users/postpone-company-verification")).status).toBe(403);
    } finally {
      await off.close();
    }
  });
});
