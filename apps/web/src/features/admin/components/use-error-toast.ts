import { isApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useAdminTexts } from "../i18n/admin-texts.ts";

/** A failed console action as a toast: the text of its error code, or a plain sentence. */
export function useErrorToast(): (error: unknown) => void {
  const { t } = useAdminTexts();
  return (error: unknown) =>
    showToast({
      type: "error",
      message: t(`errors.${isApiError(error) ? error.code : "generic"}`, { defaultValue: t("errors.generic") }),
    });
}
