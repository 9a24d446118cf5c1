import { Anchor, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { companyVerificationQueryOptions } from "../api/corporate-account-api.ts";
import { AccountTypeCard } from "../components/account-type-card.tsx";
import { CompanyApplicationForm } from "../components/company-application-form.tsx";
import { CompanyStatusCard } from "../components/company-status-card.tsx";
import { useCorporateAccountTexts } from "../i18n/corporate-account-texts.ts";

/** /account/verification/company: the account type, the company application and where it stands. */
export function CompanyVerificationPage() {
  const { t } = useCorporateAccountTexts();
  const { to } = useLocalizedPaths();
  const state = useQuery(companyVerificationQueryOptions()).data;
  return (
    <Container size={800} py="xl">
      <title>{`${t("metaTitle")} · Souk`}</title>
      <Stack gap="xl">
        <Title order={1}>{t("metaTitle")}</Title>
        {!state ? (
          <Loader />
        ) : (
          <>
            <AccountTypeCard state={state} />
            {state.isCorporate ? (
              <>
                <CompanyStatusCard state={state} />
                {state.canSubmit && <CompanyApplicationForm state={state} />}
              </>
            ) : (
              <Text c="dimmed">
                {t("status.notCorporate")}{" "}
                <Anchor component={Link} to={to("accountSettings")}>
                  {t("status.toSettings")}
                </Anchor>
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
