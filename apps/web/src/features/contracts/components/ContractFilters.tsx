import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { CONTRACT_STATUS_LABEL, CONTRACT_STATUSES, type ContractStatus } from '@vigia/domain';

export interface ContractFilterValues {
  status: ContractStatus | '';
  texto: string;
}

export const NO_FILTERS: ContractFilterValues = { status: '', texto: '' };

interface Props {
  value: ContractFilterValues;
  onChange: (value: ContractFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}

export function ContractFilters({ value, onChange, onExport, exporting, canExport }: Props) {
  return (
    <Group role="search" aria-label="Buscar contratos" align="flex-end" gap="md" mb="md">
      <NativeSelect
        label="Situação"
        w={170}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: event.currentTarget.value as ContractStatus | '' })
        }
        data={[
          { value: '', label: 'Todas' },
          ...CONTRACT_STATUSES.map((s) => ({ value: s, label: CONTRACT_STATUS_LABEL[s] })),
        ]}
      />
      <TextInput
        label="Buscar"
        placeholder="Número, cliente ou observação"
        w={280}
        value={value.texto}
        onChange={(event) => onChange({ ...value, texto: event.currentTarget.value })}
      />
      <Button
        variant="default"
        onClick={() => onChange(NO_FILTERS)}
        disabled={value.status === '' && value.texto === ''}
      >
        Limpar filtros
      </Button>
      <Button variant="default" onClick={onExport} loading={exporting} disabled={!canExport}>
        Exportar Excel
      </Button>
    </Group>
  );
}
