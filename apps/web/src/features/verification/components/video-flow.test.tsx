// @vitest-environment happy-dom
import type { KycCheck, VerificationSubmission } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { VideoFlow } from "./video-flow.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const check: KycCheck = {
  level: 2,
  verificationLevel: "L2+POA",
  isFullyVerified: true,
  conditions: {
    phone: true,
    email: true,
    fullname_birthday: true,
    id: true,
    in_house_id: true,
    address: true,
    video: false,
  },
  limits: {
    fiatCurrencyCode: "USD",
    perTradeLimitInFiatCurrency: "50000.00",
    dailyLimitInFiatCurrency: "150000.00",
    rolling30DaysLimitInFiatCurrency: "1500000.00",
  },
  unusedTradingVolumeInFiatCurrency: "1500000.00",
  blockedKycActions: [],
  banners: { kycIdRequired: false, kycForcedAlert: false },
  submissions: { id: null, address: null, video: null },
  videoAttemptsLeft: 3,
};

const submitted: VerificationSubmission = {
  id: "vid123456",
  type: "video",
  status: "uploaded",
  reason: null,
  provider: "manual",
  missing: [],
  documents: [{ id: "doc123456", side: "video", contentType: "video/mp4" }],
  createdAt: "2026-11-28T10:00:00.000Z",
  decidedAt: null,
};

function stubAttempts(attemptsLeft: number, selfieMode: "ENROL" | "VERIFY") {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), "http://souk.test");
      if (url.pathname === "/rest/v1/verification/left-attempt/video") {
        return answer(200, { data: { type: "video", attemptsLeft, selfieMode }, meta: null });
      }
      return answer(404, { errors: { message: "no", code: "ERROR_NOT_FOUND", details: null } });
    }),
  );
}

/** An XMLHttpRequest that reports the upload half-way, then answers `status` with `body`. */
function stubUpload(status: number, body: unknown, sent: { url: string; field: string | null }[]) {
  class FakeRequest {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, field: form.has("video") ? "video" : null });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
}

function chooseVideo() {
  const input = screen.getByTestId("video-flow").querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([new Uint8Array(64)], "me.mp4", { type: "video/mp4" });
  fireEvent.change(input, { target: { files: [file] } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the video step", () => {
  it("shows the tries and the mode, sends the video in the field `video`, and reports the change", async () => {
    stubAttempts(3, "VERIFY");
    const sent: { url: string; field: string | null }[] = [];
    stubUpload(200, { data: submitted, meta: null }, sent);
    const onChanged = vi.fn(async () => {});
    await renderWithApp(<VideoFlow check={check} onChanged={onChanged} />, { user: makeCurrentUser() });
    await waitFor(() => expect(screen.getByTestId("video-attempts").textContent).toBe("Tries left: 3 of 3"));
    expect(screen.getByText(/We compare it with the selfie of your verified identity document/)).toBeTruthy();
    chooseVideo();
    fireEvent.click(screen.getByTestId("video-send"));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent).toEqual([{ url: "/account/verification/video/upload?keyCase=camelCase", field: "video" }]);
  });

  it("says why a video was refused when the tries ran out meanwhile", async () => {
    stubAttempts(1, "ENROL");
    stubUpload(
      409,
      { errors: { message: "No video tries are left.", code: "ERROR_VERIFICATION_NO_ATTEMPTS_LEFT", details: null } },
      [],
    );
    await renderWithApp(<VideoFlow check={check} onChanged={async () => {}} />, { user: makeCurrentUser() });
    await waitFor(() => expect(screen.getByTestId("video-attempts")).toBeTruthy());
    expect(screen.getByText(/It becomes the face we compare your identity document with/)).toBeTruthy();
    chooseVideo();
    fireEvent.click(screen.getByTestId("video-send"));
    await waitFor(() => expect(screen.getByText(/You have used all your video tries/)).toBeTruthy());
  });

  it("with no tries left offers no upload, in French too", async () => {
    stubAttempts(0, "ENROL");
    await renderWithApp(<VideoFlow check={check} onChanged={async () => {}} />, {
      user: makeCurrentUser(),
      locale: "fr",
    });
    await waitFor(() => expect(screen.getByText(/Vous avez utilisé tous vos essais vidéo/)).toBeTruthy());
    expect(screen.queryByTestId("video-send")).toBeNull();
  });

  it("shows the submission in review and no form while it waits", async () => {
    stubAttempts(2, "VERIFY");
    await renderWithApp(
      <VideoFlow
        check={{ ...check, submissions: { ...check.submissions, video: submitted } }}
        onChanged={async () => {}}
      />,
      { user: makeCurrentUser() },
    );
    expect(screen.getByTestId("status-video").textContent).toContain("In review");
    expect(screen.queryByTestId("video-send")).toBeNull();
  });
});
