import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SistemaAdmin } from '@vigia/contract';
import {
  SYSTEM_FEATURE_LABELS,
  SYSTEM_FEATURES,
  SYSTEM_HOME_LABELS,
  type SystemFeature,
} from '@vigia/domain';
import { useState } from 'react';
import { userInfoQueryOptions } from '../../../lib/user/get-user-info';
import { notifySuccess } from '../../../ui/notify';
import { adminWrites, useAdminWrite, useCompanies, useSystems } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTable } from './AdminTable';
import { ListState } from './ListState';

const HOME_OPTIONS = [
  { value: '', label: 'Padrão do console' },
  ...Object.entries(SYSTEM_HOME_LABELS).map(([value, label]) => ({ value, label })),
];

/** Systems: the administered ones; the platform's administrators create and change them. */
export function SystemsPanel({ platform }: { platform: boolean }) {
  const systems = useSystems();
  const [editing, setEditing] = useState<SistemaAdmin | 'novo' | null>(null);
  return (
    <Stack gap="sm">
      {platform && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing('novo')}>Novo sistema</Button>
        </Group>
      )}
      <ListState query={systems}>
        {(rows) => (
          <AdminTable
            label="Sistemas"
            item="sistema"
            rows={rows}
            columns={[
              { header: 'Sistema', cell: (s) => s.nome },
              { header: 'Empresa', cell: (s) => s.empresa },
              {
                header: 'Página inicial',
                cell: (s) => (s.home ? SYSTEM_HOME_LABELS[s.home] : 'Padrão do console'),
              },
              {
                header: 'Recursos',
                cell: (s) => s.recursos.map((r) => SYSTEM_FEATURE_LABELS[r]).join(', ') || '—',
              },
            ]}
            onEdit={platform ? setEditing : undefined}
          />
        )}
      </ListState>
      {editing && (
        <SystemForm
          system={editing === 'novo' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function SystemForm({ system, onClose }: { system?: SistemaAdmin; onClose: () => void }) {
  const companies = useCompanies();
  const [nome, setNome] = useState(system?.nome ?? '');
  const [empresaId, setEmpresaId] = useState(system ? String(system.empresaId) : '');
  const [home, setHome] = useState<string>(system?.home ?? '');
  const [recursos, setRecursos] = useState<string[]>(system?.recursos ?? []);
  const create = useAdminWrite(adminWrites.createSystem);
  const edit = useAdminWrite(adminWrites.editSystem);
  const write = system ? edit : create;
  const client = useQueryClient();
  return (
    <AdminFormDialog
      title={system ? `Editar sistema ${system.nome}` : 'Novo sistema'}
      size="lg"
      error={write.error}
      pending={write.isPending}
      canSave={Boolean(empresaId)}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          nome,
          empresaId: Number(empresaId),
          home: (home || null) as SistemaAdmin['home'],
          recursos: recursos as SystemFeature[],
        };
        const done = {
          onSuccess: () => {
            notifySuccess(system ? 'Sistema salvo.' : 'Sistema criado.');
            // Its creator holds it now (or its name changed): the console's menus read it again.
            void client.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
            onClose();
          },
        };
        if (system) edit.mutate({ id: system.id, ...body }, done);
        else create.mutate(body, done);
      }}
    >
      <TextInput
        label="Nome"
        required
        withAsterisk={false}
        autoFocus
        value={nome}
        onChange={(e) => setNome(e.currentTarget.value)}
      />
      <Select
        label="Empresa"
        required
        withAsterisk={false}
        searchable
        nothingFoundMessage="Nenhuma empresa encontrada."
        data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
        value={empresaId || null}
        onChange={(value) => setEmpresaId(value ?? '')}
      />
      <Select
        label="Página inicial"
        data={HOME_OPTIONS}
        value={home}
        allowDeselect={false}
        onChange={(value) => setHome(value ?? '')}
      />
      <Checkbox.Group label="Recursos" value={recursos} onChange={setRecursos}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {SYSTEM_FEATURES.map((f) => (
            <Checkbox key={f} value={f} label={SYSTEM_FEATURE_LABELS[f]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </AdminFormDialog>
  );
}
