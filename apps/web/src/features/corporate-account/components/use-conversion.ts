import { CORPORATE_CONVERSION_REDIRECT_MS } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { currentUserQueryKey } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { companyVerificationQueryKey, convertAccount } from "../api/corporate-account-api.ts";
import { useCorporateAccountTexts } from "../i18n/corporate-account-texts.ts";
import { refusalText } from "./refusal-text.ts";

type Target = "corporate" | "personal";

/**
 * Converting the account: on success the page says so and follows the server's redirect after
 * 4000 ms (the spec's timer); a refusal is an error toast with the server's errors.
 */
export function useConversion() {
  const { t } = useCorporateAccountTexts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { localize } = useLocalizedPaths();
  const [done, setDone] = useState<{ to: Target; redirect: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      // The redirect may be this very page: the notice goes once it is followed.
      setDone(null);
      navigate(localize(done.redirect));
    }, CORPORATE_CONVERSION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate, localize]);

  async function convert(to: Target) {
    setIsBusy(true);
    try {
      const answer = await convertAccount(to);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: companyVerificationQueryKey }),
      ]);
      setDone({ to, redirect: answer.redirect });
    } catch (error) {
      showToast({ type: "error", message: refusalText(t, error) });
    } finally {
      setIsBusy(false);
    }
  }
  return { convert, isBusy, done, t };
}
