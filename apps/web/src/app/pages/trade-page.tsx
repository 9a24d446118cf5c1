import { useQueryClient } from "@tanstack/react-query";
import { RelationButtons } from "../../features/contacts/components/relation-buttons.tsx";
import { TradePage } from "../../features/trade/pages/trade-page.tsx";

/**
 * `/trade/{id}`: the trade feature, with the contacts' trust and block buttons for the partner. A
 * block refetches the trade (its chat closes with ChatBlocked).
 */
export function ViewTradePage() {
  const queryClient = useQueryClient();
  return (
    <TradePage
      renderPartnerActions={(username) => (
        <RelationButtons
          username={username}
          size="xs"
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ["trade"] })}
        />
      )}
    />
  );
}
