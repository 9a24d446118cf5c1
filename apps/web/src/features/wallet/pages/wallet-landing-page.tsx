import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { WalletLanding } from "../components/wallet-landing.tsx";
import { useWalletTexts } from "../i18n/wallet-texts.ts";

/** The wallet landing page ("wallet-landing", docs/product.md#wallet): what the wallet offers. */
export function WalletLandingPage() {
  const { t } = useWalletTexts();
  const { to } = useLocalizedPaths();
  return (
    <>
      <title>{`${t("landing.metaTitle")} · Souk`}</title>
      <WalletLanding returnTo={to("wallet")} />
    </>
  );
}
