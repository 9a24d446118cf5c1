import { AccountTypeLink } from "../components/account-type-link.tsx";
import { AvatarSection } from "../components/avatar-section.tsx";
import { CloseAccountSection } from "../components/close-account-section.tsx";
import { PhoneSection } from "../components/phone-section.tsx";
import { ProfileSection } from "../components/profile-section.tsx";
import { SettingsPageFrame } from "../components/settings-page-frame.tsx";
import { UsernameSection } from "../components/username-section.tsx";
import { useAccountSettingsTexts } from "../i18n/account-settings-texts.ts";

/** /account/settings: picture, profile, username, phone, account type, and closing the account. */
export function AccountSettingsPage() {
  const { t } = useAccountSettingsTexts();
  return (
    <SettingsPageFrame title={t("metaTitle")}>
      {(user) => (
        <>
          <AvatarSection user={user} />
          <ProfileSection key={user.id} user={user} />
          <UsernameSection user={user} />
          <PhoneSection />
          <AccountTypeLink user={user} />
          <CloseAccountSection />
        </>
      )}
    </SettingsPageFrame>
  );
}
