import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { RegisterForm } from "../components/register-form.tsx";
import { useAfterAuthPath } from "./use-after-auth-path.ts";

export function RegisterPage() {
  const { t } = useTranslation();
  const { to } = useLocalizedPaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const afterAuthPath = useAfterAuthPath();
  const returnTo = searchParams.get("returnTo");

  if (user) return <Navigate to={afterAuthPath} replace />;

  return (
    <>
      <title>{`${t("auth.register.metaTitle")} · Souk`}</title>
      <AuthLayout
        title={t("auth.register.title")}
        subtitle={t("auth.register.subtitle")}
        footer={
          <>
            {t("auth.register.hasAccount")}{" "}
            <Anchor component={Link} to={to("login", {}, returnTo ? { returnTo } : undefined)} fw={600}>
              {t("auth.register.loginLink")}
            </Anchor>
          </>
        }
      >
        <RegisterForm onRegistered={() => navigate(afterAuthPath, { replace: true })} />
      </AuthLayout>
    </>
  );
}
