import { Group, Text } from '@mantine/core';
import { formatDateTime, NEVER_COMMUNICATED, refreshIntervalMs } from '@vigia/domain';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { StateBadge } from '../../../ui/StateBadge';
import { useNowSec } from '../../../ui/useNowSec';
import { definitionProblem } from './definitionProblem';
import { ErrorPanel } from './ErrorPanel';
import type { Freshness } from './freshness';
import { useReportSettled } from './panelSettled';
import type { PanelKey } from './registry';
import { DeclarativePanel } from './render/DeclarativePanel';
import type { PanelTarget } from './target';
import { PANEL_TEXTS } from './texts';
import type { PanelDefinition } from './types';
import { usePanelData } from './usePanelData';

export interface LoadedPanelProps {
  definition: PanelDefinition;
  target: PanelTarget;
  sinoticoId: number | null;
  panelKey: PanelKey;
}

/** A loaded panel module: checks its definition and configuration, then shows it. */
export function LoadedPanel(props: LoadedPanelProps) {
  const problem = definitionProblem(props.definition);
  if (problem) {
    return (
      <ErrorPanel title={PANEL_TEXTS.badConfigTitle} message={PANEL_TEXTS.badDefinition(problem)} />
    );
  }
  if (props.definition.kind === 'synoptic' && props.sinoticoId === null) {
    return <ErrorPanel title={PANEL_TEXTS.badConfigTitle} message={PANEL_TEXTS.noSynoptic} />;
  }
  return <PanelContent {...props} />;
}

function PanelContent({ definition, target, sinoticoId, panelKey }: LoadedPanelProps) {
  const nowSec = useNowSec();
  const data = usePanelData(target, definition, sinoticoId, nowSec);
  useReportSettled(Boolean(data.view && data.freshness));

  if (data.isError) {
    return (
      <ErrorPanel
        title={PANEL_TEXTS.loadFailedTitle}
        message={PANEL_TEXTS.loadFailed}
        onRetry={data.refetch}
      />
    );
  }
  if (!data.view || !data.freshness) return <DelayedLoader label="Carregando leituras…" />;
  return (
    <div data-testid="overview-panel" data-panel={panelKey} data-target={targetKey(target)}>
      <PanelStatus
        title={definition.title}
        freshness={data.freshness}
        refreshMs={refreshIntervalMs(definition.kind)}
      />
      <DeclarativePanel definition={definition} view={data.view} online={data.freshness.online} />
    </div>
  );
}

/** Whose panel this is, as `dispositivo:<siteId>`, `usina:<id>` or `scd:<id>`. */
function targetKey(target: PanelTarget): string {
  return target.kind === 'dispositivo'
    ? `dispositivo:${target.site.siteId}`
    : `${target.kind}:${target.id}`;
}

function PanelStatus({
  title,
  freshness,
  refreshMs,
}: {
  title: string;
  freshness: Freshness;
  refreshMs: number;
}) {
  return (
    <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
      <Text component="h2" fw={600} size="md" c="gray.9" m={0}>
        {title}
      </Text>
      <Group gap="xs" align="center" data-testid="panel-freshness">
        {freshness.label && (
          <StateBadge
            tone={freshness.label === NEVER_COMMUNICATED ? 'neutral' : 'warning'}
            data-testid="freshness-label"
          >
            {freshness.label}
          </StateBadge>
        )}
        <Text size="xs" c="gray.7">
          {freshness.ts === null
            ? 'Sem leituras'
            : `Última leitura ${formatDateTime(freshness.ts)}`}
          {' · '}
          atualiza a cada {Math.round(refreshMs / 1000)} s
        </Text>
      </Group>
    </Group>
  );
}
