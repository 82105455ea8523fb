import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Empresa } from '@vigia/contract';
import { useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import { adminWrites, useAdminWrite, useCompanies } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTable } from './AdminTable';
import { ListState } from './ListState';

/** Companies: listed to every administrator, written by the platform's. */
export function CompaniesPanel({ platform }: { platform: boolean }) {
  const companies = useCompanies();
  const [editing, setEditing] = useState<Empresa | 'nova' | null>(null);
  return (
    <Stack gap="sm">
      {platform && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing('nova')}>Nova empresa</Button>
        </Group>
      )}
      <ListState query={companies}>
        {(rows) => (
          <AdminTable
            label="Empresas"
            item="empresa"
            rows={rows}
            minWidth={420}
            columns={[
              { header: 'Empresa', cell: (c) => c.nome },
              { header: 'Sistemas', cell: (c) => c.sistemas },
            ]}
            onEdit={platform ? setEditing : undefined}
          />
        )}
      </ListState>
      {editing && (
        <CompanyForm
          company={editing === 'nova' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function CompanyForm({ company, onClose }: { company?: Empresa; onClose: () => void }) {
  const [nome, setNome] = useState(company?.nome ?? '');
  const create = useAdminWrite(adminWrites.createCompany);
  const edit = useAdminWrite(adminWrites.editCompany);
  const write = company ? edit : create;
  return (
    <AdminFormDialog
      title={company ? `Editar empresa ${company.nome}` : 'Nova empresa'}
      error={write.error}
      pending={write.isPending}
      onClose={onClose}
      onSubmit={() => {
        const done = {
          onSuccess: () => {
            notifySuccess(company ? 'Empresa salva.' : 'Empresa criada.');
            onClose();
          },
        };
        if (company) edit.mutate({ id: company.id, nome }, done);
        else create.mutate({ nome }, done);
      }}
    >
      <TextInput
        label="Nome"
        required
        withAsterisk={false}
        value={nome}
        autoFocus
        onChange={(e) => setNome(e.currentTarget.value)}
      />
    </AdminFormDialog>
  );
}
