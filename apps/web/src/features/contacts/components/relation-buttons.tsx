import { Button, Group, Modal, Text } from "@mantine/core";
import type { RelationAction } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { showToast } from "../../../lib/toast.ts";
import { relationQueryOptions, useRelation } from "../api/contacts-api.ts";
import { useContactsTexts } from "../i18n/contacts-texts.ts";

const DONE_TEXT = { trust: "trusted", untrust: "untrusted", block: "blocked", unblock: "unblocked" } as const;

export interface RelationButtonsProps {
  /** The other user; never the viewer (the server refuses a relation to oneself). */
  username: string;
  /** Told after a change, so the page can refetch what the relation hides or shows (offers, chat). */
  onChanged?: (action: RelationAction) => void;
  size?: "xs" | "sm";
}

/**
 * Trust or untrust, block or unblock another user (POST /rest/v1/users/{username}/relations), as
 * the relation stands now. Blocking asks first: it hides the user's offers and stops new trades
 * and messages both ways.
 */
export function RelationButtons({ username, onChanged, size = "sm" }: RelationButtonsProps) {
  const { t } = useContactsTexts();
  const relation = useQuery(relationQueryOptions(username));
  const change = useRelation();
  const [isConfirming, setConfirming] = useState(false);
  if (!relation.data) return null;
  const { isTrusted, isBlocked } = relation.data;

  const run = (action: RelationAction) =>
    change.mutate(
      { username, action },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast({ type: "success", message: t(`relation.${DONE_TEXT[action]}`, { user: username }) });
          onChanged?.(action);
        },
        onError: () => showToast({ type: "error", message: t("failed") }),
      },
    );
  const pendingAction = change.isPending ? change.variables?.action : undefined;

  return (
    <Group gap="xs" role="group" aria-label={t("relation.label", { user: username })} data-testid="relation-buttons">
      {isBlocked ? null : (
        <Button
          size={size}
          variant={isTrusted ? "default" : "light"}
          color={isTrusted ? undefined : "teal"}
          loading={pendingAction === "trust" || pendingAction === "untrust"}
          onClick={() => run(isTrusted ? "untrust" : "trust")}
        >
          {t(isTrusted ? "relation.untrust" : "relation.trust")}
        </Button>
      )}
      <Button
        size={size}
        variant={isBlocked ? "default" : "subtle"}
        color={isBlocked ? undefined : "red"}
        loading={pendingAction === "unblock"}
        onClick={() => (isBlocked ? run("unblock") : setConfirming(true))}
      >
        {t(isBlocked ? "relation.unblock" : "relation.block")}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!change.isPending) setConfirming(false);
        }}
        title={t("relation.blockConfirmTitle", { user: username })}
        centered
      >
        <Text size="sm">{t("relation.blockConfirmBody")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
            {t("relation.cancel")}
          </Button>
          <Button color="red" loading={pendingAction === "block"} onClick={() => run("block")}>
            {t("relation.block")}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
