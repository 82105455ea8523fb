import { Group, Stack, Text, Title } from '@mantine/core';
import type { SiteData } from '@vigia/contract';
import { rowCommunication, siteTitle } from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';
import { useNowSec } from '../../../ui/useNowSec';

/** Spec 001 §2: the asset number, plus ' - ' and the location name when inside a plant. */
export function siteTitleOf(site: Pick<SiteData, 'patrimonio' | 'localNome' | 'usina'>): string {
  return siteTitle(site.patrimonio, site.localNome, site.usina !== null);
}

/** Name, model and place, without repeating a place the name already carries. */
function subtitle(site: SiteData): string {
  const place = site.usina?.nome ?? site.venue?.nome ?? site.localNome;
  const parts = [site.nome, site.equipamento];
  if (place && !site.nome.includes(place)) parts.push(place);
  return parts.filter((part) => part.trim() !== '').join(' · ');
}

/** The site page's heading: title, device name and model, communication and active alarms. */
export function SiteHeader({ site }: { site: SiteData }) {
  const nowSec = useNowSec();
  const communication = rowCommunication(site, nowSec);
  const alarms = site.alarmTreeMapValue;
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2" data-testid="site-title">
          {siteTitleOf(site)}
        </Title>
        <StateBadge tone={communication.tone} data-testid="site-communication">
          {communication.text}
        </StateBadge>
        <StateBadge tone={alarms > 0 ? 'bad' : 'neutral'}>
          {alarms === 1 ? '1 alarme ativo' : `${alarms} alarmes ativos`}
        </StateBadge>
      </Group>
      <Text size="sm" c="gray.7">
        {subtitle(site)}
      </Text>
    </Stack>
  );
}
