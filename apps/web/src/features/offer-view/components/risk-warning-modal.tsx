import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { Offer } from "@souk/contracts";
import { useOfferViewTexts } from "../i18n/offer-view-texts.ts";
import type { RiskWarningModal as RiskWarningKind } from "../view-offer-state.ts";

export interface RiskWarningModalProps {
  kind: RiskWarningKind | null;
  offer: Offer;
  onContinue: (kind: RiskWarningKind) => void;
  onClose: () => void;
}

/**
 * The chargebackRisky, ofacOfferWarning and paymentTermsWarning modals: what the risk is and what
 * to do about it; the visitor goes on to the next step or stops here.
 */
export function RiskWarningModal({ kind, offer, onContinue, onClose }: RiskWarningModalProps) {
  const { t } = useOfferViewTexts();
  const method = offer.paymentMethod.nameLocalized;
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? t(`risk.${kind}.title`, { method }) : ""}
      radius="lg"
      centered
      data-testid={kind ? `risk-${kind}` : undefined}
    >
      {kind ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" radius="md">
            <Text size="sm">{t(`risk.${kind}.body`, { method })}</Text>
          </Alert>
          <Text size="sm">{t(`risk.${kind}.advice`, { method })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("risk.cancel")}
            </Button>
            <Button color="orange" onClick={() => onContinue(kind)}>
              {t("risk.continue")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
