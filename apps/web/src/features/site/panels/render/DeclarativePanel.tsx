import type { DeviceRow } from '@vigia/contract';
import { Diagram } from '../../diagrams/Diagram';
import { GENERATOR_TIPO } from '../readingNames';
import { currentValue } from '../readings';
import type { PanelDefinition, PanelView, ReadingSource, Section } from '../types';
import { AlarmList } from './AlarmList';
import { AllReadings } from './AllReadings';
import { DigitalInputs } from './DigitalInputs';
import { LevelBars } from './LevelBars';
import { MeterClock } from './MeterClock';
import { OtherGenerators } from './OtherGenerators';
import classes from './Panel.module.css';
import { PanelSection, type SectionWidth } from './PanelSection';
import { ReadingGrid } from './ReadingGrid';
import { StateList } from './StateList';
import { StatusWord } from './StatusWord';

interface Props {
  definition: PanelDefinition;
  view: PanelView;
  /** Whether the device communicates (a generator only shows as running while it does). */
  online: boolean;
}

function sourceDevice(view: PanelView, source: ReadingSource | undefined): DeviceRow | null {
  if (!source) return view.device;
  return view.peers.find((p) => p.tipo === source.peerTipo) ?? null;
}

const WIDE: ReadonlySet<Section['type']> = new Set(['diagram', 'otherGenerators', 'allReadings']);

function sectionWidth(section: Section): SectionWidth {
  if (WIDE.has(section.type)) return 'wide';
  if (section.type === 'readings' && (section.columns ?? 0) >= 3) return 'double';
  if (section.type === 'inputs' && section.count > 8) return 'double';
  if (section.type === 'alarms' && section.items.length > 4) return 'double';
  if (section.type === 'meterClock') return 'double';
  return 'single';
}

/** Readings a panel shows decoded (states, words, inputs, alarms): not listed again raw. */
function decodedNames(sections: readonly Section[]): Set<string> {
  const names = new Set<string>();
  for (const s of sections) {
    if (s.type === 'states' || s.type === 'alarms') for (const i of s.items) names.add(i.name);
    if (s.type === 'word' || s.type === 'inputs') names.add(s.name);
  }
  return names;
}

function SectionBody({
  section,
  view,
  online,
  titleId,
  decoded,
}: {
  section: Section;
  view: PanelView;
  online: boolean;
  titleId: string;
  decoded: ReadonlySet<string>;
}) {
  switch (section.type) {
    case 'readings':
      return (
        <ReadingGrid
          device={sourceDevice(view, section.source)}
          items={section.items}
          format={section.format}
          columns={section.columns}
        />
      );
    case 'states':
      return (
        <StateList
          device={sourceDevice(view, section.source)}
          items={section.items}
          online={online}
        />
      );
    case 'word':
      return (
        <StatusWord
          value={currentValue(view.device, section.name)}
          decoder={section.decoder}
          emptyLabel={section.emptyLabel}
        />
      );
    case 'inputs':
      return (
        <DigitalInputs value={currentValue(view.device, section.name)} count={section.count} />
      );
    case 'levels':
      return (
        <LevelBars
          device={view.device}
          items={section.items}
          params={view.params}
          format={section.format}
        />
      );
    case 'alarms':
      return <AlarmList device={view.device} items={section.items} />;
    case 'meterClock':
      return <MeterClock device={view.device} />;
    case 'allReadings':
      return (
        <AllReadings
          device={view.device}
          format={section.format}
          exclude={new Set([...decoded, ...(section.exclude ?? [])])}
        />
      );
    case 'otherGenerators':
      return (
        <OtherGenerators
          generators={view.peers.filter((p) => p.tipo === GENERATOR_TIPO)}
          nowSec={view.nowSec}
          captionId={titleId}
        />
      );
    case 'diagram':
      return <Diagram spec={section.diagram} view={view} title={section.title} />;
  }
}

/** Renders a panel definition: its sections in a dense grid, wide ones across the row. */
export function DeclarativePanel({ definition, view, online }: Props) {
  const decoded = decodedNames(definition.sections);
  return (
    <div className={classes.grid} data-testid="panel-sections">
      {definition.sections.map((section, index) => (
        <PanelSection
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are fixed by the definition
          key={index}
          title={section.title}
          width={sectionWidth(section)}
        >
          {(titleId) => (
            <SectionBody
              section={section}
              view={view}
              online={online}
              titleId={titleId}
              decoded={decoded}
            />
          )}
        </PanelSection>
      ))}
    </div>
  );
}
