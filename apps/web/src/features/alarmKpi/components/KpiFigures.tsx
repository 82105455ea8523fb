import { SimpleGrid } from '@mantine/core';
import type { AlarmKpi } from '@vigia/contract';
import {
  ALARM_KPI,
  formatNumber,
  kpiTone,
  ALARM_KPI_LABELS as L,
  peakWindowTone,
  percentage,
} from '@vigia/domain';
import { KpiCard } from './KpiCard';

const n0 = (v: number) => formatNumber(v, 0);

/** The figure cards, each against the standards' guidance (ALARM_KPI). */
export function KpiFigures({ kpi }: { kpi: AlarmKpi }) {
  const { criticos, naoCriticos } = kpi.prioridade;
  const criticalShare = kpi.total > 0 ? criticos / kpi.total : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm">
      <KpiCard label={L.total} value={n0(kpi.total)} tone="neutral" />
      <KpiCard
        label={L.averagePer10Min}
        value={formatNumber(kpi.por10min.media, 2)}
        guidance={`Orientação: até ${kpi.por10min.referencia}`}
        tone={kpiTone(kpi.por10min.media, kpi.por10min.referencia)}
      />
      <KpiCard
        label={L.peakPer10Min}
        value={n0(kpi.por10min.pico)}
        guidance={`Inundação: mais de ${kpi.inundacao.limite}`}
        tone={peakWindowTone(kpi.por10min.pico)}
      />
      <KpiCard
        label={L.averagePerDay}
        value={formatNumber(kpi.porDia.media, 1)}
        guidance={`Orientação: até ${kpi.porDia.referencia}`}
        tone={kpiTone(kpi.porDia.media, kpi.porDia.referencia)}
      />
      <KpiCard
        label={L.peakPerDay}
        value={n0(kpi.porDia.pico)}
        guidance={`Orientação: até ${kpi.porDia.referencia}`}
        tone={kpiTone(kpi.porDia.pico, kpi.porDia.referencia)}
      />
      <KpiCard
        label={L.floodShare}
        value={percentage(kpi.inundacao.fracao)}
        detail={`${n0(kpi.inundacao.janelas)} de ${n0(kpi.janelas)} janelas de 10 min`}
        guidance={`Orientação: menos de ${percentage(ALARM_KPI.guidanceFloodShare)}`}
        tone={kpiTone(kpi.inundacao.fracao, ALARM_KPI.guidanceFloodShare)}
      />
      <KpiCard
        label={L.topShare}
        value={percentage(kpi.fracaoTop10)}
        guidance={`Orientação: até ${percentage(ALARM_KPI.guidanceTopShare)}`}
        tone={kpiTone(kpi.fracaoTop10, ALARM_KPI.guidanceTopShare)}
      />
      <KpiCard
        label={L.chattering}
        value={n0(kpi.oscilantes.length)}
        detail={`${ALARM_KPI.chatteringRaises} ou mais em ${ALARM_KPI.chatteringWindowSec} s`}
        guidance="Orientação: nenhum"
        tone={kpiTone(kpi.oscilantes.length, 0)}
      />
      <KpiCard
        label={L.stale}
        value={n0(kpi.obsoletos.total)}
        guidance={`Orientação: menos de ${ALARM_KPI.guidanceStale + 1}`}
        tone={kpiTone(kpi.obsoletos.total, ALARM_KPI.guidanceStale)}
      />
      <KpiCard
        label={L.critical}
        value={percentage(criticalShare)}
        detail={`${n0(criticos)} ${L.critical.toLowerCase()} · ${n0(naoCriticos)} ${L.notCritical.toLowerCase()}`}
        guidance={`Orientação: até ${percentage(ALARM_KPI.guidanceCriticalShare)}`}
        tone={kpiTone(criticalShare, ALARM_KPI.guidanceCriticalShare)}
      />
    </SimpleGrid>
  );
}
