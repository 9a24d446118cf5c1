import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { PreviousNextPager } from "../../../ui/previous-next-pager.tsx";
import { auditQueryOptions } from "../api/admin-api.ts";
import { AdminPage } from "../components/admin-layout.tsx";
import { AuditTable } from "../components/audit-table.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function AuditScreen() {
  const { t } = useAdminTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1);
  const audit = useQuery(auditQueryOptions(q, page));
  return (
    <>
      <SearchForm
        initial={q}
        placeholder={t("audit.searchPlaceholder")}
        onSearch={(next) => setSearchParams(next ? { q: next } : {})}
      />
      <ListPanel
        title={t("audit.total", { count: audit.data?.meta.total ?? 0 })}
        query={audit}
        isEmpty={audit.data?.data.length === 0}
        texts={{ loading: t("loading"), empty: t("audit.empty"), error: t("loadError"), retry: t("retry") }}
        data-testid="admin-audit"
      >
        <AuditTable entries={audit.data?.data ?? []} />
        <PreviousNextPager
          page={page}
          meta={audit.data?.meta}
          onPage={(next) => setSearchParams(q ? { q, page: String(next) } : { page: String(next) })}
          texts={{ previous: t("audit.previous"), next: t("audit.next"), position: (at) => t("audit.page", at) }}
        />
      </ListPanel>
    </>
  );
}

/** /admin/audit: every staff action, searchable (supermods and admins). */
export function AdminAuditPage() {
  const { t } = useAdminTexts();
  return (
    <AdminPage
      audience="usersStaff"
      metaTitle={t("audit.title")}
      title={t("audit.title")}
      subtitle={t("audit.subtitle")}
    >
      <AuditScreen />
    </AdminPage>
  );
}
