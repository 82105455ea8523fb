import { Button, Code, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { DispositivoAdmin, Local } from '@vigia/contract';
import { deviceTypeLabel, formatDateTime } from '@vigia/domain';
import { useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { confirm } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { StateBadge } from '../../../ui/StateBadge';
import { useDebouncedValue } from '../../../ui/table/useDebouncedValue';
import { adminWrites, useAdminDevices, useAdminWrite, useModels, usePlaces } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTable } from './AdminTable';
import { AlarmRulesDialog } from './AlarmRulesDialog';
import { DeviceImportDialog } from './DeviceImportDialog';
import { ListState } from './ListState';
import { numberText, optionalNumber } from './numberField';
import { SecretNotice } from './SecretNotice';

type Credentials = Awaited<ReturnType<typeof adminWrites.issueCredentials>>;

/** Devices of one administered system: register, place, and issue or rotate their keys. */
export function DevicesPanel({ sisId }: { sisId: number }) {
  const [filtro, setFiltro] = useState('');
  const search = useDebouncedValue(filtro.trim(), 300).value;
  const devices = useAdminDevices(sisId, search);
  const places = usePlaces(sisId);
  const [editing, setEditing] = useState<DispositivoAdmin | 'novo' | null>(null);
  const [issued, setIssued] = useState<{ nome: string; credentials: Credentials } | null>(null);
  const [rulesOf, setRulesOf] = useState<DispositivoAdmin | null>(null);
  const [importing, setImporting] = useState(false);
  const issue = useAdminWrite(adminWrites.issueCredentials);
  const remove = useAdminWrite(adminWrites.removeDevice);

  const askRemove = async (d: DispositivoAdmin) => {
    const yes = await confirm({
      message: `Remover ${d.nome} (${d.patrimonio})? Só um dispositivo sem histórico (que nunca enviou leituras) pode ser removido; a chave dele deixa de valer na hora.`,
      confirmLabel: 'Remover',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(d.id, {
      onSuccess: () => notifySuccess(`${d.nome} removido.`),
      onError: (error) =>
        notifyError(writeFailureText(error, 'Não foi possível remover o dispositivo.')),
    });
  };

  const askIssue = async (d: DispositivoAdmin) => {
    if (d.credencial) {
      const yes = await confirm({
        message: `Trocar a chave de ${d.nome} (${d.patrimonio})? A chave atual deixa de valer na hora: o dispositivo só volta a enviar leituras com a nova.`,
        confirmLabel: 'Trocar chave',
        danger: true,
      });
      if (!yes) return;
    }
    issue.mutate(d.id, {
      onSuccess: (credentials) => setIssued({ nome: d.nome, credentials }),
      onError: (error) => notifyError(writeFailureText(error, 'Não foi possível emitir a chave.')),
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Filtrar"
          placeholder="Nome, patrimônio ou local"
          value={filtro}
          onChange={(e) => setFiltro(e.currentTarget.value)}
          w={280}
        />
        <Group gap="xs">
          <Button variant="default" onClick={() => setImporting(true)}>
            Importar planilha
          </Button>
          <Button onClick={() => setEditing('novo')}>Novo dispositivo</Button>
        </Group>
      </Group>
      <ListState query={devices}>
        {(rows) => (
          <AdminTable
            label="Dispositivos"
            item="dispositivo"
            rows={rows}
            minWidth={900}
            columns={[
              { header: 'Dispositivo', cell: (d) => d.nome },
              { header: 'Patrimônio', cell: (d) => d.patrimonio },
              { header: 'Tipo', cell: (d) => `${deviceTypeLabel(d.tipo)} · ${d.modelo}` },
              { header: 'Local', cell: (d) => `${d.localNome} (${d.uf})` },
              {
                header: 'Chave',
                cell: (d) =>
                  d.credencial ? (
                    <StateBadge tone="neutral">Emitida</StateBadge>
                  ) : (
                    <StateBadge tone="warning">Sem chave</StateBadge>
                  ),
              },
              {
                header: 'Última leitura',
                cell: (d) =>
                  d.ultimaLeitura ? formatDateTime(d.ultimaLeitura) : 'Nunca comunicou',
              },
            ]}
            onEdit={setEditing}
            actions={(d) => (
              <>
                <Button size="compact-sm" variant="default" onClick={() => void askIssue(d)}>
                  {d.credencial ? 'Trocar chave' : 'Emitir chave'}
                </Button>{' '}
                <Button size="compact-sm" variant="default" onClick={() => setRulesOf(d)}>
                  Regras de alarme
                </Button>{' '}
                <Button size="compact-sm" variant="default" onClick={() => void askRemove(d)}>
                  Remover
                </Button>
              </>
            )}
          />
        )}
      </ListState>
      {editing && (
        <DeviceForm
          sisId={sisId}
          device={editing === 'novo' ? undefined : editing}
          places={places.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <DeviceImportDialog sisId={sisId} onClose={() => setImporting(false)} />}
      {rulesOf && (
        <AlarmRulesDialog
          kind="dispositivo"
          id={rulesOf.id}
          nome={`${rulesOf.nome} (${rulesOf.patrimonio})`}
          onClose={() => setRulesOf(null)}
        />
      )}
      {issued && (
        <SecretNotice
          title={`Chave de ${issued.nome}`}
          label="Chave do dispositivo"
          secret={issued.credentials.chave}
          message={issued.credentials.mensagem}
          onClose={() => setIssued(null)}
        >
          <KeyUsage credentials={issued.credentials} />
        </SecretNotice>
      )}
    </Stack>
  );
}

/** Command lines wrap instead of scrolling (a phone shows them whole). */
const WRAPPED = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** How a device sends readings with its key: HTTP, and MQTT on the project's own broker. */
function KeyUsage({ credentials: c }: { credentials: Credentials }) {
  const example = `{"ts": ${Math.floor(Date.now() / 1000)}, "leituras": {"kW": 120.5}}`;
  return (
    <Stack gap={6}>
      <Text size="sm">Por HTTP:</Text>
      <Code block style={WRAPPED}>
        {`curl -X POST ${window.location.origin}/api/ingest \\\n  -H 'x-device-key: ${c.chave}' \\\n  -H 'content-type: application/json' \\\n  -d '${example}'`}
      </Code>
      {c.usuarioMqtt && (
        <>
          <Text size="sm">Por MQTT (broker próprio, QoS 1):</Text>
          <Code block style={WRAPPED}>
            {`mosquitto_pub -h ${window.location.hostname} -p ${c.portaMqtt ?? 1884} -q 1 \\\n  -u ${c.usuarioMqtt} -P '${c.chave}' \\\n  -t ${c.topicoLeituras} -m '${example}'`}
          </Code>
        </>
      )}
    </Stack>
  );
}

function DeviceForm({
  sisId,
  device,
  places,
  onClose,
}: {
  sisId: number;
  device?: DispositivoAdmin;
  places: readonly Local[];
  onClose: () => void;
}) {
  const models = useModels();
  const [values, setValues] = useState({
    nome: device?.nome ?? '',
    patrimonio: device?.patrimonio ?? '',
    modeloId: device ? String(device.modeloId) : '',
    usinaId: device?.usinaId ? String(device.usinaId) : '',
    scdId: device?.scdId ? String(device.scdId) : '',
    venueId: device?.venueId ? String(device.venueId) : '',
    localNome: device?.localNome ?? '',
    uf: device?.uf ?? '',
    lat: numberText(device?.lat),
    lon: numberText(device?.lon),
  });
  const text = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = e.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const pick = (field: 'modeloId' | 'usinaId' | 'scdId' | 'venueId') => (value: string | null) =>
    setValues((v) => ({ ...v, [field]: value ?? '' }));
  const optionsOf = (tipo: Local['tipo']) =>
    places.filter((p) => p.tipo === tipo).map((p) => ({ value: String(p.id), label: p.nome }));
  const create = useAdminWrite(adminWrites.createDevice);
  const edit = useAdminWrite(adminWrites.editDevice);
  const write = device ? edit : create;
  const id = (text: string) => (text ? Number(text) : null);

  return (
    <AdminFormDialog
      title={device ? `Editar ${device.nome}` : 'Novo dispositivo'}
      size="lg"
      error={write.error}
      pending={write.isPending}
      canSave={device !== undefined || Boolean(values.modeloId)}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          nome: values.nome,
          patrimonio: values.patrimonio,
          usinaId: id(values.usinaId),
          scdId: id(values.scdId),
          venueId: id(values.venueId),
          localNome: values.localNome.trim() || null,
          ...(values.uf.trim() ? { uf: values.uf.trim() } : {}),
          lat: optionalNumber(values.lat),
          lon: optionalNumber(values.lon),
        };
        const done = {
          onSuccess: () => {
            notifySuccess(
              device
                ? 'Dispositivo salvo.'
                : 'Dispositivo cadastrado. Emita a chave dele na lista.',
            );
            onClose();
          },
        };
        if (device) edit.mutate({ id: device.id, ...body }, done);
        else create.mutate({ ...body, sisId, modeloId: Number(values.modeloId) }, done);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Nome"
          required
          withAsterisk={false}
          autoFocus
          value={values.nome}
          onChange={text('nome')}
        />
        <TextInput
          label="Patrimônio"
          required
          withAsterisk={false}
          value={values.patrimonio}
          onChange={text('patrimonio')}
        />
      </SimpleGrid>
      <Select
        label="Modelo"
        required
        withAsterisk={false}
        searchable
        disabled={device !== undefined}
        nothingFoundMessage="Nenhum modelo encontrado."
        data={(models.data ?? []).map((m) => ({
          value: String(m.id),
          label: `${m.nome} (${deviceTypeLabel(m.tipo)})`,
        }))}
        value={values.modeloId || null}
        onChange={pick('modeloId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Usina"
          clearable
          data={optionsOf('usina')}
          value={values.usinaId || null}
          onChange={pick('usinaId')}
        />
        <Select
          label="SCD"
          clearable
          data={optionsOf('scd')}
          value={values.scdId || null}
          onChange={pick('scdId')}
        />
        <Select
          label="Venue"
          clearable
          data={optionsOf('venue')}
          value={values.venueId || null}
          onChange={pick('venueId')}
        />
      </SimpleGrid>
      <TextInput
        label="Nome do local"
        description="Vazio: o nome do local escolhido."
        value={values.localNome}
        onChange={text('localNome')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="UF"
          maxLength={2}
          description="Vazio: a do local."
          value={values.uf}
          onChange={text('uf')}
        />
        <TextInput label="Latitude" inputMode="decimal" value={values.lat} onChange={text('lat')} />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          value={values.lon}
          onChange={text('lon')}
        />
      </SimpleGrid>
    </AdminFormDialog>
  );
}
