import { Alert, Anchor, Button } from "@mantine/core";
import type { CurrentUser, Offer } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api-client.ts";
import { currentUserQueryOptions } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon, CompassIcon, InfoIcon } from "../../../ui/icons.tsx";
import { StatusPage } from "../../../ui/status-page.tsx";
import { offerQueryOptions, useCreateOfferMutation, useUpdateOfferMutation } from "../api/offer-api.ts";
import { OfferWizard } from "../components/offer-wizard.tsx";
import { useWizardData } from "../components/use-wizard-data.ts";
import { WizardLoadError, WizardLoading, WizardPageFrame } from "../components/wizard-page-frame.tsx";
import { useOfferWizardTexts } from "../i18n/offer-wizard-texts.ts";
import { createdMessageKey } from "../model/created-message.ts";
import { emptyWizardValues, type WizardPreset, wizardValuesFromDraft } from "../model/wizard-form.ts";

/**
 * /offer-manager/edit (create; the query may preset type, crypto, paymentMethod and currency, or
 * name an offer to edit with id) and /offer-manager/edit/{id} (edit; a lite offer goes to its
 * quick editor unless skipLite=true). Visitors are sent to log in first.
 */
export function OfferWizardPage() {
  const user = useQuery(currentUserQueryOptions());
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { to } = useLocalizedPaths();
  const editId = id ?? searchParams.get("id");

  if (user.isPending) return <WizardLoading />;
  if (!user.data) {
    return <Navigate to={to("login", {}, { returnTo: `${location.pathname}${location.search}` })} replace />;
  }
  return editId ? (
    <EditOffer idHashed={editId} skipLite={searchParams.get("skipLite") === "true"} />
  ) : (
    <CreateOffer preset={presetFromQuery(searchParams, user.data)} />
  );
}

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function presetFromQuery(query: URLSearchParams, user: CurrentUser): WizardPreset {
  const type = query.get("type");
  const crypto = query.get("crypto") ?? query.get("cryptoCurrencyCode");
  const method = query.get("paymentMethod");
  const fiat = query.get("currency") ?? query.get("fiatCurrencyCode") ?? user.fiatCurrencyCode;
  const timezone = user.timezone ?? browserTimezone();
  return {
    ...(type === "buy" || type === "sell" ? { type } : {}),
    ...(crypto ? { cryptoCurrencyCode: crypto.toUpperCase() } : {}),
    ...(method ? { paymentMethodSlug: method.toLowerCase() } : {}),
    ...(fiat ? { fiatCurrencyCode: fiat.toUpperCase() } : {}),
    ...(timezone ? { timezone } : {}),
  };
}

function useAfterSave() {
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  return (offer: Offer, message: string) => {
    showToast({ type: "success", message });
    void navigate(to("myOffers", {}, { type: offer.type }));
  };
}

function CreateOffer({ preset }: { preset: WizardPreset }) {
  const { t } = useOfferWizardTexts();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  const data = useWizardData();
  const create = useCreateOfferMutation();
  const afterSave = useAfterSave();
  return (
    <>
      <title>{`${t("meta.createTitle")} · Souk`}</title>
      <WizardPageFrame
        eyebrow={t("page.createEyebrow")}
        title={t("page.createTitle")}
        subtitle={t("page.createSubtitle")}
      >
        {data.status === "pending" ? <WizardLoading /> : null}
        {data.status === "error" ? <WizardLoadError error={data.error} onRetry={data.retry} /> : null}
        {data.status === "success" ? (
          <OfferWizard
            mode="create"
            initialValues={emptyWizardValues(preset)}
            data={data.data}
            submit={(payload) => create.mutateAsync(payload)}
            onSaved={(offer) => afterSave(offer, t(createdMessageKey(offer)))}
            onCancel={() => void navigate(to("myOffers"))}
          />
        ) : null}
      </WizardPageFrame>
    </>
  );
}

export function OfferNotEditable() {
  const { t } = useOfferWizardTexts();
  const { to } = useLocalizedPaths();
  return (
    <StatusPage
      testId="offer-edit-not-found"
      icon={<CompassIcon />}
      eyebrow="404"
      title={t("page.notFoundTitle")}
      body={t("page.notFoundBody")}
      actions={
        <Button component={Link} to={to("myOffers")}>
          {t("page.toMyOffers")}
        </Button>
      }
    />
  );
}

function EditOffer({ idHashed, skipLite }: { idHashed: string; skipLite: boolean }) {
  const { t } = useOfferWizardTexts();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  const offerView = useQuery(offerQueryOptions(idHashed));
  const data = useWizardData();
  const update = useUpdateOfferMutation(idHashed);
  const afterSave = useAfterSave();

  if (offerView.isError && isApiError(offerView.error) && offerView.error.status === 404) return <OfferNotEditable />;
  if (offerView.data && !offerView.data.isOwner) return <OfferNotEditable />;
  const offer = offerView.data?.offer;
  if (offer && offer.flowType === "lite" && !skipLite) {
    return <Navigate to={to("offerLiteEdit", { id: offer.idHashed })} replace />;
  }

  return (
    <>
      <title>{`${t("meta.editTitle")} · Souk`}</title>
      <WizardPageFrame eyebrow={t("page.editEyebrow")} title={t("page.editTitle")} subtitle={t("page.editSubtitle")}>
        {offerView.isPending || data.status === "pending" ? <WizardLoading /> : null}
        {offerView.isError ? (
          <WizardLoadError error={offerView.error} onRetry={() => void offerView.refetch()} />
        ) : null}
        {data.status === "error" ? <WizardLoadError error={data.error} onRetry={data.retry} /> : null}
        {offer?.originalData && data.status === "success" ? (
          <>
            {offer.moderation.statusName !== "approved" ? (
              <Alert
                variant="light"
                color="red"
                radius="md"
                mb="md"
                icon={<AlertTriangleIcon />}
                title={t(`page.moderation.${offer.moderation.statusName}`)}
                data-testid="offer-edit-moderation"
              >
                {offer.moderation.message ? t("page.moderationReason", { reason: offer.moderation.message }) : null}
              </Alert>
            ) : null}
            {offer.flowType === "lite" ? (
              <Alert variant="light" color="blue" radius="md" mb="md" icon={<InfoIcon />}>
                {t("page.liteHint")}{" "}
                <Anchor component={Link} to={to("offerLiteEdit", { id: offer.idHashed })} fw={600}>
                  {t("page.openLite")}
                </Anchor>
              </Alert>
            ) : null}
            <OfferWizard
              key={`${offer.idHashed}-${offer.version}`}
              mode="edit"
              offer={offer}
              initialValues={wizardValuesFromDraft(offer.originalData)}
              data={data.data}
              submit={(payload) => update.mutateAsync(payload)}
              onSaved={(saved) => afterSave(saved, t("feedback.saved"))}
              onCancel={() => void navigate(to("myOffers", {}, { type: offer.type }))}
            />
          </>
        ) : null}
      </WizardPageFrame>
    </>
  );
}
