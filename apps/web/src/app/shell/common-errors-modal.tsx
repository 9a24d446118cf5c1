import { Group, Loader, Modal, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { commonErrors } from "../../lib/common-errors.ts";

/**
 * The global error modal (the spec's common-errors-modal). It opens on the first ledger-busy
 * answer and closes by itself when the retried call succeeds or stops; the user cannot dismiss
 * it, since the call is still running.
 */
export function CommonErrorsModal() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(commonErrors.subscribe, commonErrors.getSnapshot, commonErrors.getSnapshot);
  return (
    <Modal
      opened={state.isOpen}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={t("commonErrors.ledgerBusy.title")}
      data-testid="common-errors-modal"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Loader size="sm" mt={4} />
        <Text size="sm">{t("commonErrors.ledgerBusy.body")}</Text>
      </Group>
    </Modal>
  );
}
