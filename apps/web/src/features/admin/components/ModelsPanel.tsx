import { Button, Stack } from '@mantine/core';
import { deviceTypeLabel } from '@vigia/domain';
import { useState } from 'react';
import { useModels } from '../api/admin';
import { AdminTable } from './AdminTable';
import { AlarmRulesDialog } from './AlarmRulesDialog';
import { ListState } from './ListState';

type Model = { id: number; nome: string; tipo: string };

/** Device models and their alarm rules: shared by every system, changed by the platform's administrators. */
export function ModelsPanel({ platform }: { platform: boolean }) {
  const models = useModels();
  const [open, setOpen] = useState<Model | null>(null);
  return (
    <Stack gap="sm">
      <ListState query={models}>
        {(rows) => (
          <AdminTable
            label="Modelos"
            item="modelo"
            rows={rows}
            minWidth={420}
            columns={[
              { header: 'Modelo', cell: (m) => m.nome },
              { header: 'Tipo', cell: (m) => deviceTypeLabel(m.tipo) },
            ]}
            actions={(m) => (
              <Button size="compact-sm" variant="default" onClick={() => setOpen(m)}>
                {platform ? 'Regras de alarme' : 'Ver regras de alarme'}
              </Button>
            )}
          />
        )}
      </ListState>
      {open && (
        <AlarmRulesDialog
          kind="modelo"
          id={open.id}
          nome={open.nome}
          readOnly={!platform}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
