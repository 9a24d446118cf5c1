import { ActionIcon, Indicator } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface CountIconLinkProps {
  to: string;
  /** Unread items: a red badge when more than none. */
  count: number;
  /** The link's accessible name (say the count in it when there is one). */
  label: string;
  icon: ReactNode;
  /** The link's test id; its badge is `<testId>-count` with `data-count`. */
  testId: string;
}

/** A top-bar icon link with an unread count (the notification bell, the messenger). */
export function CountIconLink({ to, count, label, icon, testId }: CountIconLinkProps) {
  return (
    <Indicator
      label={count > 99 ? "99+" : count}
      size={16}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid={`${testId}-count`}
      data-count={count}
    >
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Indicator>
  );
}
