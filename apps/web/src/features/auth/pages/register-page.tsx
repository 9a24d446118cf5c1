import { AuthEntryPage } from "./auth-entry-page.tsx";

export function RegisterPage() {
  return <AuthEntryPage kind="register" />;
}
