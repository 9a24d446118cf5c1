import { Text } from "@mantine/core";
import { PASSWORD_MIN_LENGTH } from "@souk/contracts";
import { CheckIcon, CircleIcon } from "../../../ui/icons.tsx";
import { useAuthTexts } from "../i18n/auth-texts.ts";
import classes from "./password-rules.module.css";

/** The spec's password rules (docs/product.md#sign-up-and-log-in), ticked live as the user types. */
const passwordRules = [
  { key: "length", test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { key: "digit", test: (value: string) => /[0-9]/.test(value) },
  { key: "lower", test: (value: string) => /[a-z]/.test(value) },
  { key: "upper", test: (value: string) => /[A-Z]/.test(value) },
  { key: "special", test: (value: string) => /[^A-Za-z0-9]/.test(value) },
] as const;

export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useAuthTexts();
  return (
    <div id={id} className={classes.root}>
      <Text size="xs" fw={600} c="dimmed" mb={6}>
        {t("register.passwordRulesTitle")}
      </Text>
      <ul className={classes.list}>
        {passwordRules.map((rule) => {
          const isMet = rule.test(password);
          return (
            <li key={rule.key} className={classes.rule} data-met={isMet || undefined}>
              {isMet ? <CheckIcon size={14} strokeWidth={2.5} /> : <CircleIcon size={14} />}
              <span>{t(`passwordRules.${rule.key}`, { min: PASSWORD_MIN_LENGTH })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
