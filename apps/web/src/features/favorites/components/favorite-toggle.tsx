import { ActionIcon } from "@mantine/core";
import { useEffect, useState } from "react";
import { showDeferredToast } from "../../../lib/deferred-toast.ts";
import { StarIcon } from "../../../ui/icons.tsx";
import { useFavoriteToggle } from "../api/favorites-api.ts";
import { useFavoriteToggleTexts } from "../i18n/favorite-toggle-texts.ts";

/** The toast helper is loaded when first needed: the notifications store is not first-load code. */
function notify(type: "success" | "error", message: string): void {
  showDeferredToast({ type, message });
}

export interface FavoriteToggleProps {
  idHashed: string;
  isFavorite: boolean;
  /** Told the new state once the server has it (a host may refresh its own lists). */
  onToggled?: (isFavorite: boolean) => void;
  size?: "md" | "lg";
}

/**
 * The favourite star of an offer (docs/product.md#favourites): the state flips when the server
 * confirms,
 * never before; a failure leaves it as it was and says so.
 */
export function FavoriteToggle({ idHashed, isFavorite, onToggled, size = "lg" }: FavoriteToggleProps) {
  const { t } = useFavoriteToggleTexts();
  const toggle = useFavoriteToggle();
  const [current, setCurrent] = useState(isFavorite);
  useEffect(() => setCurrent(isFavorite), [isFavorite]);
  const label = current ? t("remove") : t("add");

  return (
    <ActionIcon
      variant={current ? "light" : "default"}
      color={current ? "yellow" : "gray"}
      size={size === "lg" ? 36 : 30}
      radius="md"
      aria-label={label}
      title={label}
      aria-pressed={current}
      loading={toggle.isPending}
      data-testid="favorite-toggle"
      onClick={() =>
        toggle.mutate(
          { idHashed, isFavorite: current },
          {
            onSuccess: (next) => {
              setCurrent(next);
              onToggled?.(next);
              notify("success", next ? t("added") : t("removed"));
            },
            onError: () => notify("error", t("failed")),
          },
        )
      }
    >
      <StarIcon filled={current} />
    </ActionIcon>
  );
}
