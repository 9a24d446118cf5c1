import { ActionIcon } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFavoriteToggle } from "../api/favorites-api.ts";
import { useFavoriteToggleTexts } from "../favorite-toggle-texts.ts";

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11a.56.56 0 0 0 .48.35l5.52.44c.5.04.7.66.32.99l-4.2 3.6a.56.56 0 0 0-.19.56l1.29 5.38a.56.56 0 0 1-.84.61l-4.73-2.88a.56.56 0 0 0-.59 0l-4.72 2.88a.56.56 0 0 1-.84-.61l1.28-5.38a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .31-.99l5.52-.44a.56.56 0 0 0 .48-.35z" />
    </svg>
  );
}

/** The toast helper is loaded when first needed: the notifications store is not first-load code. */
function notify(type: "success" | "error", message: string): void {
  void import("../../../lib/toast.ts").then(({ showToast }) => showToast({ type, message }));
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
