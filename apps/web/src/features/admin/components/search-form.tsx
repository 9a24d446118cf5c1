import { Button, Group, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { SearchIcon } from "../../../ui/icons.tsx";
import { useAdminTexts } from "../i18n/admin-texts.ts";

/** The search box; the query lives in the URL (?q=), so a search can be shared or reloaded. */
export function SearchForm({
  initial,
  placeholder,
  onSearch,
}: {
  initial: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useAdminTexts();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm">
        <TextInput
          style={{ flex: 1 }}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          leftSection={<SearchIcon size={16} />}
          maxLength={100}
          data-testid="admin-search-input"
        />
        <Button type="submit" data-testid="admin-search-submit">
          {t("users.search")}
        </Button>
      </Group>
    </form>
  );
}
