import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Local, PlaceKind } from '@vigia/contract';
import { PLACE_KIND_LABELS } from '@vigia/domain';
import { useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { confirm } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { adminWrites, useAdminWrite, usePlaces } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTable } from './AdminTable';
import { ListState } from './ListState';
import { numberText, optionalNumber } from './numberField';

const KIND_OPTIONS = Object.entries(PLACE_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** Plants, SCDs and venues of one administered system. */
export function PlacesPanel({ sisId }: { sisId: number }) {
  const places = usePlaces(sisId);
  const [editing, setEditing] = useState<Local | 'novo' | null>(null);
  const remove = useAdminWrite(adminWrites.removePlace);
  const askRemove = async (place: Local) => {
    const yes = await confirm({
      message: `Remover ${PLACE_KIND_LABELS[place.tipo].toLowerCase()} ${place.nome}?`,
      confirmLabel: 'Remover',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(
      { id: place.id, tipo: place.tipo },
      {
        onSuccess: () => notifySuccess(`${place.nome} removido.`),
        onError: (error) => notifyError(writeFailureText(error, 'Não foi possível remover.')),
      },
    );
  };
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('novo')}>Novo local</Button>
      </Group>
      <ListState query={places}>
        {(rows) => (
          <AdminTable
            label="Locais"
            item="local"
            rows={rows}
            columns={[
              { header: 'Local', cell: (p) => p.nome },
              { header: 'Tipo', cell: (p) => PLACE_KIND_LABELS[p.tipo] },
              { header: 'UF', cell: (p) => p.uf ?? '—' },
              { header: 'Endereço', cell: (p) => p.endereco ?? '—' },
              { header: 'Dispositivos', cell: (p) => p.dispositivos },
            ]}
            onEdit={setEditing}
            actions={(p) => (
              <Button
                size="compact-sm"
                variant="default"
                disabled={p.dispositivos > 0}
                title={p.dispositivos > 0 ? 'Tem dispositivos: mova-os antes' : undefined}
                onClick={() => void askRemove(p)}
              >
                Remover
              </Button>
            )}
          />
        )}
      </ListState>
      {editing && (
        <PlaceForm
          sisId={sisId}
          place={editing === 'novo' ? undefined : editing}
          plants={(places.data ?? []).filter((p) => p.tipo === 'usina')}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function PlaceForm({
  sisId,
  place,
  plants,
  onClose,
}: {
  sisId: number;
  place?: Local;
  plants: readonly Local[];
  onClose: () => void;
}) {
  const [tipo, setTipo] = useState<PlaceKind>(place?.tipo ?? 'usina');
  const [values, setValues] = useState({
    nome: place?.nome ?? '',
    endereco: place?.endereco ?? '',
    uf: place?.uf ?? '',
    lat: numberText(place?.lat),
    lon: numberText(place?.lon),
    usinaId: place?.usinaId ? String(place.usinaId) : '',
  });
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = e.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const create = useAdminWrite(adminWrites.createPlace);
  const edit = useAdminWrite(adminWrites.editPlace);
  const write = place ? edit : create;
  const located = tipo !== 'venue';
  return (
    <AdminFormDialog
      title={place ? `Editar ${place.nome}` : 'Novo local'}
      size="lg"
      error={write.error}
      pending={write.isPending}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          nome: values.nome,
          endereco: values.endereco.trim() || null,
          uf: values.uf.trim() || null,
          lat: optionalNumber(values.lat),
          lon: optionalNumber(values.lon),
          ...(tipo === 'scd' ? { usinaId: values.usinaId ? Number(values.usinaId) : null } : {}),
        };
        const done = {
          onSuccess: () => {
            notifySuccess(place ? 'Local salvo.' : 'Local criado.');
            onClose();
          },
        };
        if (place) edit.mutate({ id: place.id, tipo, ...body }, done);
        else create.mutate({ tipo, sisId, ...body }, done);
      }}
    >
      <Select
        label="Tipo"
        data={KIND_OPTIONS}
        value={tipo}
        allowDeselect={false}
        disabled={place !== undefined}
        onChange={(value) => setTipo((value ?? 'usina') as PlaceKind)}
      />
      <TextInput
        label="Nome"
        required
        withAsterisk={false}
        autoFocus
        value={values.nome}
        onChange={set('nome')}
      />
      <TextInput label="Endereço" value={values.endereco} onChange={set('endereco')} />
      {tipo === 'scd' && (
        <Select
          label="Usina"
          clearable
          data={plants.map((p) => ({ value: String(p.id), label: p.nome }))}
          value={values.usinaId || null}
          onChange={(value) => setValues((v) => ({ ...v, usinaId: value ?? '' }))}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="UF"
          maxLength={2}
          required={located}
          withAsterisk={false}
          value={values.uf}
          onChange={set('uf')}
        />
        <TextInput
          label="Latitude"
          inputMode="decimal"
          required={located}
          withAsterisk={false}
          value={values.lat}
          onChange={set('lat')}
        />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          required={located}
          withAsterisk={false}
          value={values.lon}
          onChange={set('lon')}
        />
      </SimpleGrid>
    </AdminFormDialog>
  );
}
