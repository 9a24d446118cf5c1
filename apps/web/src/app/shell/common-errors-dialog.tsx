import { Group, Loader, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The user cannot dismiss it: the call it stands for is still running. */
export function CommonErrorsDialog({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={isOpen}
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
