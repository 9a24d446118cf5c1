import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import classes from "./navigation-progress.module.css";

/** A thin bar under the navbar while the next page's code or data loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className={classes.bar} role="progressbar" aria-busy="true" aria-label={t("common.loading")} />;
}
