import { Anchor, Button, Collapse, Menu } from "@mantine/core";
import type { MyOffer } from "@souk/contracts";
import { Link } from "react-router";
import { isFeatureEnabled } from "../../../lib/app-config.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";
import { ChevronDownIcon } from "../../../ui/icons.tsx";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import type { QuickEditType } from "../model/my-offers-state.ts";
import classes from "./my-offers.module.css";
import { OfferBankAccounts } from "./offer-bank-accounts.tsx";
import { QuickEditPanel } from "./quick-edit-panel.tsx";
import type { MyOffersController } from "./use-my-offers.ts";

export interface MyOfferActionsProps {
  offer: MyOffer;
  controller: MyOffersController;
  onPromote: (offer: MyOffer) => void;
}

/** The card's tools: the quick edits (opening under the card), edit, promote and view. */
export function MyOfferActions({ offer, controller, onPromote }: MyOfferActionsProps) {
  const { t } = useMyOffersTexts();
  const { to } = useLocalizedPaths();
  const hash = offer.idHashed;
  const selected = controller.quickEdit?.offerHash === hash ? controller.quickEdit.type : null;

  const quickEditChoices: { type: QuickEditType; label: string }[] = [
    offer.priceType === "margin"
      ? { type: "margin", label: t("quickEdit.margin") }
      : { type: "fixedPrice", label: t("quickEdit.fixedPrice") },
    { type: "limits", label: t("quickEdit.limits") },
    ...(isFeatureEnabled("manualEscrowFee")
      ? [{ type: "manualEscrowFee" as const, label: t("quickEdit.manualEscrowFee") }]
      : []),
    ...(isFeatureEnabled("offerCap") ? [{ type: "offerCap" as const, label: t("quickEdit.offerCap") }] : []),
  ];

  function openQuickEdit(type: QuickEditType) {
    controller.setQuickEdit(selected === type ? null : { offerHash: hash, type });
  }

  return (
    <>
      <div className={classes.cardActions}>
        <Menu position="bottom-start" withinPortal shadow="md">
          <Menu.Target>
            <Button
              variant={selected ? "light" : "default"}
              size="sm"
              rightSection={<ChevronDownIcon size={14} />}
              data-testid={`quick-edit-${hash}`}
            >
              {t("card.quickEdit")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quickEditChoices.map((choice) => (
              <Menu.Item key={choice.type} onClick={() => openQuickEdit(choice.type)}>
                {choice.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button component={Link} to={to("offerEdit", { id: hash })} variant="default" size="sm">
          {t("card.edit")}
        </Button>
        <Button variant="default" size="sm" onClick={() => onPromote(offer)} data-testid={`promote-${hash}`}>
          {t("card.promote")}
        </Button>
        <OfferBankAccounts offer={offer} />
        <Anchor component={Link} to={to("viewOffer", { id: hash })} size="sm" className={classes.viewLink}>
          {t("card.view")}
        </Anchor>
      </div>

      <Collapse expanded={selected !== null}>
        {selected ? (
          <QuickEditPanel
            offer={offer}
            type={selected}
            controller={controller}
            onClose={() => controller.setQuickEdit(null)}
          />
        ) : null}
      </Collapse>
    </>
  );
}
