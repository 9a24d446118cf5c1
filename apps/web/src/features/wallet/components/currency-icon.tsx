import classes from "./wallet.module.css";

/** Brand colour and sign of the coins the reference data names by icon; others get a neutral disc. */
const coinStyles: Record<string, { color: string; sign: string }> = {
  // Plain "B": the bitcoin sign is missing from many system fonts.
  btc: { color: "#f7931a", sign: "B" },
  eth: { color: "#627eea", sign: "Ξ" },
  usdt: { color: "#26a17b", sign: "₮" },
};

export interface CurrencyIconProps {
  code: string;
  /** The reference data's icon name ("btc"); the code is used when absent. */
  icon?: string | undefined;
  size?: number;
}

/** A coin's round badge. Decorative: the code or name is always written next to it. */
export function CurrencyIcon({ code, icon, size = 36 }: CurrencyIconProps) {
  const style = coinStyles[(icon ?? code).toLowerCase()];
  return (
    <span
      className={classes.coin}
      style={{
        width: size,
        height: size,
        fontSize: size * 0.46,
        background: style?.color ?? "var(--mantine-color-gray-6)",
      }}
      aria-hidden="true"
    >
      {style?.sign ?? code.slice(0, 1)}
    </span>
  );
}
