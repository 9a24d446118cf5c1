import { Alert, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import type { MyOffer } from "@souk/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateErrorCode } from "../../../lib/form-errors.ts";
import { showToast } from "../../../lib/toast.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { appealOffer, myOffersKey } from "../api/my-offers-api.ts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";

/** The vendor's appeal: one message, sent once (docs/decisions/130-offer-moderation.md). */
function AppealForm({ offerHash, onDone }: { offerHash: string; onDone: () => void }) {
  const { t } = useMyOffersTexts();
  const { t: appT } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const appeal = useMutation({
    mutationFn: () => appealOffer(offerHash, message.trim()),
    onSuccess: () => {
      showToast({ type: "success", message: t("moderationNotice.appealSent") });
      void queryClient.invalidateQueries({ queryKey: myOffersKey });
      onDone();
    },
    onError: (error) => showToast({ type: "error", message: translateErrorCode(appT, error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label={t("moderationNotice.appealLabel")}
          description={t("moderationNotice.appealHint")}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={1000}
          rows={3}
          data-testid={`appeal-message-${offerHash}`}
        />
        <Group gap="xs">
          <Button
            type="submit"
            size="xs"
            loading={appeal.isPending}
            disabled={message.trim().length < 3}
            data-testid={`appeal-send-${offerHash}`}
          >
            {t("moderationNotice.appealSend")}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t("moderationNotice.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A moderator's decision on the offer: what it means, the reason given, and the appeal while one is open. */
export function MyOfferModeration({ offer }: { offer: MyOffer }) {
  const { t } = useMyOffersTexts();
  const [isAppealing, setAppealing] = useState(false);
  const { moderation } = offer;
  const hash = offer.idHashed;
  if (moderation.statusName === "approved") return null;
  return (
    <Alert
      color={moderation.statusName === "appealed" ? "orange" : "red"}
      variant="light"
      radius="md"
      icon={<AlertTriangleIcon />}
      title={t(`moderationNotice.${moderation.statusName}`)}
      data-testid={`moderation-${hash}`}
    >
      <Stack gap="xs">
        {moderation.message ? (
          <Text size="sm" data-testid={`moderation-reason-${hash}`}>
            <Text span fw={600}>
              {t("moderationNotice.reason")}
            </Text>{" "}
            {moderation.message}
          </Text>
        ) : null}
        {moderation.statusName === "rejected" && !isAppealing ? (
          <Button
            size="xs"
            variant="white"
            color="red"
            w="fit-content"
            onClick={() => setAppealing(true)}
            data-testid={`appeal-${hash}`}
          >
            {t("moderationNotice.appeal")}
          </Button>
        ) : null}
        {moderation.statusName === "rejected" && isAppealing ? (
          <AppealForm offerHash={hash} onDone={() => setAppealing(false)} />
        ) : null}
      </Stack>
    </Alert>
  );
}
