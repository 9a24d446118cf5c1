import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ListPanel } from "../../../ui/list-panel.tsx";
import { auditQueryOptions } from "../api/admin-api.ts";
import { AdminSectionPage } from "../components/admin-layout.tsx";
import { AdminPager, pageParamOf } from "../components/admin-pager.tsx";
import { AuditTable } from "../components/audit-table.tsx";
import { SearchForm } from "../components/search-form.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

function AuditScreen() {
  const { t } = useAdminTexts();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  const page = pageParamOf(searchParams);
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
        <AdminPager q={q} page={page} meta={audit.data?.meta} onChange={setSearchParams} />
      </ListPanel>
    </>
  );
}

/** /admin/audit: every staff action, searchable (supermods and admins). */
export function AdminAuditPage() {
  return (
    <AdminSectionPage section="audit" audience="usersStaff">
      <AuditScreen />
    </AdminSectionPage>
  );
}
