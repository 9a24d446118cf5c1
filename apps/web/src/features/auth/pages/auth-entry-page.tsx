import { Anchor } from "@mantine/core";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { LoginForm } from "../components/login-form.tsx";
import { RegisterForm } from "../components/register-form.tsx";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import { useAfterAuthPath } from "./use-after-auth-path.ts";

/** What tells the log-in page and the sign-up page apart: their texts, the other page, the form. */
const KINDS = {
  login: { texts: "login", other: "register", otherPrompt: "noAccount", otherLink: "registerLink" },
  register: { texts: "register", other: "login", otherPrompt: "hasAccount", otherLink: "loginLink" },
} as const;

/** The log-in or sign-up page: a logged-in visitor goes straight on to where they were headed. */
export function AuthEntryPage({ kind }: { kind: keyof typeof KINDS }) {
  const { t } = useAuthTexts();
  const { to } = useLocalizedPaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const afterAuthPath = useAfterAuthPath();
  const returnTo = searchParams.get("returnTo");
  const { texts, other, otherPrompt, otherLink } = KINDS[kind];
  const done = () => navigate(afterAuthPath, { replace: true });

  if (user) return <Navigate to={afterAuthPath} replace />;

  return (
    <>
      <title>{`${t(`${texts}.metaTitle`)} · Souk`}</title>
      <AuthLayout
        title={t(`${texts}.title`)}
        subtitle={t(`${texts}.subtitle`)}
        footer={
          <>
            {t(`${texts}.${otherPrompt}`)}{" "}
            <Anchor component={Link} to={to(other, {}, returnTo ? { returnTo } : undefined)} fw={600}>
              {t(`${texts}.${otherLink}`)}
            </Anchor>
          </>
        }
      >
        {kind === "login" ? <LoginForm onLoggedIn={done} /> : <RegisterForm onRegistered={done} />}
      </AuthLayout>
    </>
  );
}
