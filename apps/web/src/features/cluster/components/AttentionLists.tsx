import { Anchor, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { DeviceRow, OccurrenceRow } from '@vigia/contract';
import {
  alarmSeverity,
  deviceCountTone,
  formatDateTime,
  rowCommunication,
  SEVERITY_TONE,
  siteWithUf,
  type Tone,
} from '@vigia/domain';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../lib/navigation';
import { TONE_TEXT } from '../../../ui/tone';
import { ATTENTION_SHOWN, useActiveAlarms, useOfflineDevices } from '../api/get-attention';
import classes from './AttentionLists.module.css';

/** A device that needs a look: what it is, where, since when, and its page. */
export interface AttentionItem {
  key: number;
  name: string;
  site: string;
  system: string | null;
  /** 'DESATUALIZADO', 'SEM COMUNICAÇÃO', '2 alarmes' … in `tone`. */
  state: string;
  tone: Tone;
  /** 'última leitura 24/11/2026 10:15' or 'desde 24/11/2026 10:15'; null when never heard. */
  since: string | null;
  href: string | null;
}

/** The devices of an alarm page grouped by device, the longest alarmed first. */
export function alarmingDevices(alarms: readonly OccurrenceRow[]) {
  const byDevice = new Map<number, { first: OccurrenceRow; count: number; critical: boolean }>();
  for (const alarm of alarms) {
    const entry = byDevice.get(alarm.idDispositivo);
    const critical = alarmSeverity(alarm.critico) === 'critical';
    if (!entry) byDevice.set(alarm.idDispositivo, { first: alarm, count: 1, critical });
    else {
      entry.count += 1;
      entry.critical ||= critical;
      if (alarm.horaAtivacao < entry.first.horaAtivacao) entry.first = alarm;
    }
  }
  return [...byDevice.values()].sort(
    (a, b) => a.first.horaAtivacao - b.first.horaAtivacao || a.first.idSite - b.first.idSite,
  );
}

function AttentionList({
  title,
  count,
  countKind,
  items,
  empty,
  loading,
  failed,
  more,
}: {
  title: string;
  count: number | null;
  countKind: 'offline' | 'alarm';
  items: readonly AttentionItem[];
  empty: string;
  loading: boolean;
  failed: boolean;
  more: { text: string; href: string | null } | null;
}) {
  const headingId = `attention-${countKind}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {title}
        {count !== null && (
          <span
            className={classes.count}
            style={{ color: TONE_TEXT[deviceCountTone(countKind, count)] }}
          >
            {' '}
            {count}
          </span>
        )}
      </Title>
      {failed ? (
        <Text size="sm" c="gray.7" role="alert">
          Não foi possível carregar esta lista.
        </Text>
      ) : loading ? (
        <Skeleton height={ATTENTION_SHOWN > 4 ? 120 : 60} aria-hidden />
      ) : items.length === 0 ? (
        <Text size="sm" c="gray.7" data-empty="">
          {empty}
        </Text>
      ) : (
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.key} className={classes.item}>
              <div className={classes.head}>
                {item.href ? (
                  <Anchor component={Link} to={item.href} fw={600} size="sm" c="gray.9">
                    {item.name}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm" component="span">
                    {item.name}
                  </Text>
                )}
                <Text size="xs" fw={600} component="span" style={{ color: TONE_TEXT[item.tone] }}>
                  {item.state}
                </Text>
              </div>
              <Text size="xs" c="gray.7">
                {[item.system, item.site, item.since].filter(Boolean).join(' · ')}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Text size="xs" c="gray.7" mt="xs">
          {more.href ? (
            <Anchor component={Link} to={more.href} size="xs">
              {more.text}
            </Anchor>
          ) : (
            more.text
          )}
        </Text>
      )}
    </Paper>
  );
}

interface Props {
  /** The system, or 0 for every system of the user (the systems home). */
  sisId: number;
  /** A system's name (the systems home names it on each row). */
  systemName?: (sisId: number) => string | null;
}

/**
 * What needs a look, by name (issue 27): the devices whose data is not current
 * (longest silent first, with their last reading) and the devices with active
 * alarms (longest alarmed first, since their oldest alarm), each linking to its
 * site page, with an empty state when there is none.
 */
export function AttentionLists({ sisId, systemName }: Props) {
  const links = useRouteLinks();
  const offline = useOfflineDevices(sisId);
  // The lists refetch every minute: their time is the answer's.
  const nowSec = Math.floor(offline.dataUpdatedAt / 1000);
  const alarms = useActiveAlarms(sisId);
  const system = (id: number) => (systemName ? systemName(id) : null);

  const offlineItems: AttentionItem[] = (offline.data?.itens ?? []).map((d: DeviceRow) => {
    const display = rowCommunication(d, nowSec);
    return {
      key: d.id,
      name: d.nome,
      site: siteWithUf(d.localNome, d.uf),
      system: system(d.sisId),
      state: display.text,
      tone: display.tone,
      since: d.ultimaLeitura === null ? null : `última leitura ${formatDateTime(d.ultimaLeitura)}`,
      href: links.hrefFor('main.site', {
        sisId: d.sisId,
        scdId: d.scdId ?? 0,
        usinaId: d.usinaId ?? 0,
        siteId: d.id,
      }),
    };
  });
  const grouped = alarmingDevices(alarms.data ?? []);
  const alarmItems: AttentionItem[] = grouped.slice(0, ATTENTION_SHOWN).map((g) => ({
    key: g.first.idDispositivo,
    name: g.first.patrimonio,
    site: siteWithUf(g.first.localNome, g.first.uf),
    system: system(g.first.idSistema),
    state: g.count === 1 ? g.first.nomeAlarme : `${g.count} alarmes`,
    tone: SEVERITY_TONE[g.critical ? 'critical' : 'attention'],
    since: `desde ${formatDateTime(g.first.horaAtivacao)}`,
    href: links.hrefFor('main.site', {
      sisId: g.first.idSistema,
      scdId: 0,
      usinaId: 0,
      siteId: g.first.idSite,
    }),
  }));
  const offlineTotal = offline.data?.total ?? null;
  const alarmsHref =
    sisId > 0
      ? links.hrefFor('main.cluster.ocorrencias', { sisId })
      : links.hrefFor('main.clientes.ocorrencias', { sisId: 0 });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" my="lg">
      <AttentionList
        title="Sem comunicação"
        count={offlineTotal}
        countKind="offline"
        items={offlineItems}
        empty="Todos os dispositivos estão comunicando."
        loading={offline.isPending}
        failed={offline.isError && !offline.data}
        more={
          offlineTotal !== null && offlineTotal > offlineItems.length
            ? {
                text: `Os ${offlineItems.length} há mais tempo sem leitura de ${offlineTotal}.`,
                href: null,
              }
            : null
        }
      />
      <AttentionList
        title="Com alarme ativo"
        count={alarms.data ? grouped.length : null}
        countKind="alarm"
        items={alarmItems}
        empty="Nenhum dispositivo com alarme ativo."
        loading={alarms.isPending}
        failed={alarms.isError && !alarms.data}
        more={
          grouped.length > alarmItems.length
            ? { text: `Ver todos os ${grouped.length} nos alarmes ativos`, href: alarmsHref }
            : null
        }
      />
    </SimpleGrid>
  );
}
