import { useQuery } from "@tanstack/react-query";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { currentUserQueryOptions } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { offerQueryOptions, useUpdateOfferMutation } from "../api/offer-api.ts";
import { LiteEditForm } from "../components/lite-edit-form.tsx";
import { useWizardData } from "../components/use-wizard-data.ts";
import { WizardLoadError, WizardLoading, WizardPageFrame } from "../components/wizard-page-frame.tsx";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import { OfferNotEditable } from "./offer-wizard-page.tsx";

/** /offer-manager/lite/edit/{id}: the compact editor of an offer's price and limits. */
export function OfferLiteEditPage() {
  const user = useQuery(currentUserQueryOptions());
  const location = useLocation();
  const { to } = useLocalizedPaths();
  const { id = "" } = useParams();
  if (user.isPending) return <WizardLoading />;
  if (!user.data) {
    return <Navigate to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })} replace />;
  }
  return <LiteEdit idHashed={id} />;
}

function LiteEdit({ idHashed }: { idHashed: string }) {
  const { t } = useOfferWizardTexts();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  const offerView = useQuery(offerQueryOptions(idHashed));
  const data = useWizardData();
  const update = useUpdateOfferMutation(idHashed);

  if (offerView.isError && isApiError(offerView.error) && offerView.error.status === 404) return <OfferNotEditable />;
  if (offerView.data && !offerView.data.isOwner) return <OfferNotEditable />;
  const offer = offerView.data?.offer;

  return (
    <>
      <title>{`${t("meta.liteTitle")} · Souk`}</title>
      <WizardPageFrame eyebrow={t("page.editEyebrow")} title={t("lite.title")} subtitle={t("lite.subtitle")}>
        {offerView.isPending || data.status === "pending" ? <WizardLoading /> : null}
        {offerView.isError ? (
          <WizardLoadError error={offerView.error} onRetry={() => void offerView.refetch()} />
        ) : null}
        {data.status === "error" ? <WizardLoadError error={data.error} onRetry={data.retry} /> : null}
        {offer?.originalData && data.status === "success" ? (
          <LiteEditForm
            key={`${offer.idHashed}-${offer.version}`}
            offer={offer}
            draft={offer.originalData}
            data={data.data}
            submit={(payload) => update.mutateAsync(payload)}
            onSaved={(saved) => {
              showToast({ type: "success", message: t("lite.saved") });
              void navigate(to("myOffers", {}, { type: saved.type }));
            }}
          />
        ) : null}
      </WizardPageFrame>
    </>
  );
}
