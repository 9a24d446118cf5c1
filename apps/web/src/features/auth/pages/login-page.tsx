import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { LoginForm } from "../components/login-form.tsx";
import { useAfterAuthPath } from "./use-after-auth-path.ts";

export function LoginPage() {
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
      <title>{`${t("auth.login.metaTitle")} · Souk`}</title>
      <AuthLayout
        title={t("auth.login.title")}
        subtitle={t("auth.login.subtitle")}
        footer={
          <>
            {t("auth.login.noAccount")}{" "}
            <Anchor component={Link} to={to("register", {}, returnTo ? { returnTo } : undefined)} fw={600}>
              {t("auth.login.registerLink")}
            </Anchor>
          </>
        }
      >
        <LoginForm onLoggedIn={() => navigate(afterAuthPath, { replace: true })} />
      </AuthLayout>
    </>
  );
}
