import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Select } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Dialog } from '../../../ui/Dialog';
import { type ChartPreset, isPlantLine, useChartPresets } from '../api/get-chart-presets';
import {
  arrangePresets,
  type ChartManagerPrefs,
  readChartManagerPrefs,
  writeChartManagerPrefs,
} from '../components/chartManagerPrefs';
import { DeviceCharts } from '../components/DeviceCharts';
import { GraphOrderDialog } from '../components/GraphOrderDialog';

interface Props {
  /**
   * Spec 001 §2 "edit pens (device mode, command selection and command
   * history)": the app puts the device's mode and command panel here.
   */
  renderDeviceControls?: (deviceId: number) => ReactNode;
}

/**
 * `site/:scdId/:usinaId/:siteId/gerenciador` (main.site.gerenciador,
 * 'Gerenciador de Gráficos'): the device's charts together, with the 'Editar
 * gráficos' popup (which charts and their order) and 'Editar penas' (which
 * lines of a chart, beside the device's mode and commands). The choice is kept
 * in this browser.
 */
export function ChartManagerPage({ renderDeviceControls }: Props) {
  const siteId = Number(useParams().siteId);
  const owner = { idSite: siteId, tipoLocal: 'dispositivo' as const, deviceId: siteId };
  const presets = useChartPresets(owner);
  const [prefs, setPrefs] = useState<ChartManagerPrefs>(() => readChartManagerPrefs(siteId));
  const [editing, setEditing] = useState<'charts' | 'pens' | null>(null);
  const save = (next: ChartManagerPrefs) => {
    writeChartManagerPrefs(siteId, next);
    setPrefs(next);
    setEditing(null);
  };
  const arrange = useCallback((list: ChartPreset[]) => arrangePresets(list, prefs), [prefs]);
  const all = (presets.data ?? []).filter((p) => !p.lines.some(isPlantLine));
  const ordered = arrangePresets(all, {
    ...prefs,
    charts: { ...prefs.charts, hidden: [] },
    pens: {},
  });

  return (
    <>
      <DeviceCharts
        owner={owner}
        label="Gerenciador de Gráficos"
        notFound="Dispositivo não encontrado."
        none="Nenhum gráfico selecionado: use Editar gráficos."
        arrange={arrange}
        actions={
          <>
            <Button
              variant="default"
              size="xs"
              disabled={all.length === 0}
              onClick={() => setEditing('charts')}
            >
              Editar gráficos
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={all.length === 0}
              onClick={() => setEditing('pens')}
            >
              Editar penas
            </Button>
          </>
        }
      />
      <GraphOrderDialog
        opened={editing === 'charts'}
        onClose={() => setEditing(null)}
        title="Editar gráficos"
        graphs={ordered.map((p) => ({ id: p.idGraphical, nome: p.nome }))}
        hidden={prefs.charts.hidden}
        onSave={(charts) => save({ ...prefs, charts })}
      />
      <PensDialog
        opened={editing === 'pens'}
        onClose={() => setEditing(null)}
        presets={ordered}
        prefs={prefs}
        onSave={save}
        deviceControls={renderDeviceControls?.(siteId)}
      />
    </>
  );
}

function PensDialog({
  opened,
  onClose,
  presets,
  prefs,
  onSave,
  deviceControls,
}: {
  opened: boolean;
  onClose: () => void;
  presets: readonly ChartPreset[];
  prefs: ChartManagerPrefs;
  onSave: (prefs: ChartManagerPrefs) => void;
  deviceControls: ReactNode;
}) {
  const [chartId, setChartId] = useState<string | null>(null);
  const chosen = presets.find((p) => String(p.idGraphical) === chartId) ?? presets[0];
  const penPrefs = chosen ? prefs.pens[String(chosen.idGraphical)] : undefined;
  const lines = chosen
    ? (arrangePresets([chosen], {
        charts: { order: [], hidden: [] },
        pens: penPrefs ? { [String(chosen.idGraphical)]: { ...penPrefs, hidden: [] } } : {},
      })[0]?.lines ?? chosen.lines)
    : [];
  return (
    <>
      {opened && chosen && (
        <GraphOrderDialog
          key={chosen.idGraphical}
          opened
          onClose={onClose}
          title={`Editar penas · ${chosen.nome}`}
          what="as penas"
          graphs={lines.map((line) => ({
            id: chosen.lines.indexOf(line),
            nome: `${line.nome}${line.grandeza ? ` (${line.grandeza})` : ''}`,
          }))}
          hidden={penPrefs?.hidden ?? []}
          onSave={(pens) =>
            onSave({ ...prefs, pens: { ...prefs.pens, [String(chosen.idGraphical)]: pens } })
          }
          header={
            <Select
              label="Gráfico"
              data={presets.map((p) => ({ value: String(p.idGraphical), label: p.nome }))}
              value={String(chosen.idGraphical)}
              onChange={setChartId}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          }
          footer={deviceControls}
        />
      )}
      {opened && !chosen && (
        <Dialog opened onClose={onClose} title="Editar penas">
          Nenhum gráfico configurado.
          {deviceControls}
        </Dialog>
      )}
    </>
  );
}
