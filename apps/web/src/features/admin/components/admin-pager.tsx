import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

/** Previous and next under a console list whose search (`q`) and page live in the URL. */
export function AdminPager({
  q,
  page,
  meta,
  onChange,
}: {
  q: string;
  page: number;
  meta: { currentPage: number; lastPage: number } | undefined;
  onChange: (params: Record<string, string>) => void;
}) {
  const { t } = useAdminTexts();
  return (
    <PreviousNextPager
      page={page}
      meta={meta}
      onPage={(next) => onChange(q ? { q, page: String(next) } : { page: String(next) })}
      texts={{ previous: t("audit.previous"), next: t("audit.next"), position: (at) => t("audit.page", at) }}
    />
  );
}

/** The page asked for in the address (`?page=N`), 1 when missing or wrong. */
export function pageParamOf(searchParams: URLSearchParams): number {
  return Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
}
