import { AuthEntryPage } from "./auth-entry-page.tsx";

export function LoginPage() {
  return <AuthEntryPage kind="login" />;
}
