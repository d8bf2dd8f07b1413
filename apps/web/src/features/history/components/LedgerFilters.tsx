import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { LEDGER_ASSETS, LEDGER_ASSET_LABELS, LEDGER_KIND_GROUPS, LEDGER_KIND_GROUP_KEYS } from '@svp/shared';
import { NO_LEDGER_FILTERS, type LedgerFilterValues } from '../api/history';
import { localizeText } from '../../../shared/language/i18n';

// Built at render time: the labels are packages/shared's English, shown in the reader's language.
const kindOptions = () =>
  LEDGER_KIND_GROUP_KEYS.map((key) => ({ value: key, label: localizeText(LEDGER_KIND_GROUPS[key].label) }));
const assetOptions = () =>
  LEDGER_ASSETS.map((asset) => ({ value: asset, label: localizeText(LEDGER_ASSET_LABELS[asset]) }));

/** The ledger view's filters: kind, asset, a date range and a search, as a statement screen offers them. */
export function LedgerFilters({
  value,
  search,
  onChange,
  onSearch,
}: {
  value: LedgerFilterValues;
  /** The search box's text as typed (the query follows it after a pause). */
  search: string;
  onChange: (next: LedgerFilterValues) => void;
  onSearch: (text: string) => void;
}) {
  const { t } = useLingui();
  const set = <K extends keyof LedgerFilterValues>(key: K, v: LedgerFilterValues[K]) =>
    onChange({ ...value, [key]: v });
  const active = value.kind || value.asset || value.from || value.to || search;
  return (
    <div role="search" aria-label={t`Filter the history`}>
      <TextInput
        label={t`Search`}
        placeholder={t`Words, an amount or a hash`}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        maxLength={100}
        mb="xs"
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Select
          label={t`Kind`}
          placeholder={t`All kinds`}
          data={kindOptions()}
          value={value.kind}
          onChange={(v) => set('kind', v as LedgerFilterValues['kind'])}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t`Asset`}
          placeholder={t`All assets`}
          data={assetOptions()}
          value={value.asset}
          onChange={(v) => set('asset', v as LedgerFilterValues['asset'])}
          clearable
        />
        <TextInput
          type="date"
          label={t`From`}
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t`To`}
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
      </SimpleGrid>
      {active && (
        <Group justify="flex-end" mt={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              onSearch('');
              onChange(NO_LEDGER_FILTERS);
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        </Group>
      )}
    </div>
  );
}
