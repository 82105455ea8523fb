import '@mantine/core/styles/Table.css';
import { Anchor, Table, Text } from '@mantine/core';
import type { AlarmKpi } from '@vigia/contract';
import {
  ALARM_KPI,
  activeForLabel,
  formatDateTime,
  formatNumber,
  kpiTone,
  percentage,
} from '@vigia/domain';
import { Link } from 'react-router';
import { TONE_TEXT } from '../../../ui/tone';

const num = { style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const;

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}

function device(row: { patrimonio: string; nomeDispositivo: string }) {
  return row.patrimonio ? `${row.patrimonio} · ${row.nomeDispositivo}` : row.nomeDispositivo;
}

/** The ten most frequent alarms (device and alarm) and their share of all. */
export function TopAlarmsTable({ kpi }: { kpi: AlarmKpi }) {
  if (kpi.top10.length === 0) return <Empty>Nenhum alarme no período.</Empty>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        withTableBorder
        aria-label={`Os ${ALARM_KPI.topCount} alarmes mais frequentes`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...num}>#</Table.Th>
            <Table.Th>Equipamento</Table.Th>
            <Table.Th>Alarme</Table.Th>
            <Table.Th {...num}>Ocorrências</Table.Th>
            <Table.Th {...num}>Participação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kpi.top10.map((row, i) => (
            <Table.Tr key={`${row.idDispositivo}|${row.nomeAlarme}`}>
              <Table.Td {...num}>{i + 1}</Table.Td>
              <Table.Td>{device(row)}</Table.Td>
              <Table.Td>{row.nomeAlarme}</Table.Td>
              <Table.Td {...num}>{formatNumber(row.total, 0)}</Table.Td>
              <Table.Td {...num}>{percentage(row.fracao)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Chattering alarms: raised 3 or more times within 60 s. */
export function ChatteringTable({ kpi }: { kpi: AlarmKpi }) {
  if (kpi.oscilantes.length === 0) return <Empty>Nenhum alarme oscilante no período.</Empty>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder aria-label="Alarmes oscilantes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Equipamento</Table.Th>
            <Table.Th>Alarme</Table.Th>
            <Table.Th {...num}>Ocorrências</Table.Th>
            <Table.Th {...num}>Máximo em 60 s</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kpi.oscilantes.map((row) => (
            <Table.Tr key={`${row.idDispositivo}|${row.nomeAlarme}`}>
              <Table.Td>{device(row)}</Table.Td>
              <Table.Td>{row.nomeAlarme}</Table.Td>
              <Table.Td {...num}>{formatNumber(row.total, 0)}</Table.Td>
              <Table.Td {...num}>{formatNumber(row.picoEm60s, 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Alarms active for more than 24 h at the period's end (or now), oldest first. */
export function StaleTable({ kpi }: { kpi: AlarmKpi }) {
  const { total, lista } = kpi.obsoletos;
  if (total === 0) return <Empty>Nenhum alarme ativo há mais de 24 h.</Empty>;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label="Alarmes obsoletos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Equipamento</Table.Th>
              <Table.Th>Alarme</Table.Th>
              <Table.Th>Ativação</Table.Th>
              <Table.Th {...num}>Ativo há</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lista.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{device(row)}</Table.Td>
                <Table.Td>{row.nomeAlarme}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(row.horaAtivacao)}
                </Table.Td>
                <Table.Td {...num}>{activeForLabel(row.ativoHaSeg)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > lista.length && (
        <Text size="xs" c="gray.7">
          Mostrando os {lista.length} mais antigos de {total}.
        </Text>
      )}
    </>
  );
}

/** The client-systems view: each system's figures, linking to its own page. */
export function SystemsTable({
  kpi,
  hrefOf,
}: {
  kpi: AlarmKpi;
  hrefOf: (sisId: number) => string | null;
}) {
  if (kpi.sistemas.length === 0) return <Empty>Nenhum sistema.</Empty>;
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped withTableBorder aria-label="Indicadores por sistema">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sistema</Table.Th>
            <Table.Th {...num}>Alarmes</Table.Th>
            <Table.Th {...num}>Média por 10 min</Table.Th>
            <Table.Th {...num}>Pico em 10 min</Table.Th>
            <Table.Th {...num}>Janelas em inundação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kpi.sistemas.map((row) => {
            const href = hrefOf(row.idSistema);
            const rate = kpiTone(row.mediaPor10min, ALARM_KPI.guidancePer10Min);
            return (
              <Table.Tr key={row.idSistema}>
                <Table.Td>
                  {href ? (
                    <Anchor component={Link} to={href} size="sm" c="gray.9" underline="always">
                      {row.nome}
                    </Anchor>
                  ) : (
                    row.nome
                  )}
                </Table.Td>
                <Table.Td {...num}>{formatNumber(row.total, 0)}</Table.Td>
                <Table.Td style={{ ...num.style, color: TONE_TEXT[rate] }}>
                  {formatNumber(row.mediaPor10min, 2)}
                </Table.Td>
                <Table.Td {...num}>{formatNumber(row.picoPor10min, 0)}</Table.Td>
                <Table.Td
                  style={{
                    ...num.style,
                    color: row.janelasEmInundacao > 0 ? TONE_TEXT.bad : undefined,
                  }}
                >
                  {formatNumber(row.janelasEmInundacao, 0)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
