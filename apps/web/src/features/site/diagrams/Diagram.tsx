import type { DiagramSpec, PanelView } from '../panels/types';
import { FeederDiagram } from './FeederDiagram';
import { SingleLineDiagram } from './SingleLineDiagram';

/** Draws a panel's diagram from its spec. */
export function Diagram({
  spec,
  view,
  title,
}: {
  spec: DiagramSpec;
  view: PanelView;
  title: string;
}) {
  switch (spec.kind) {
    case 'singleLine':
      return <SingleLineDiagram spec={spec} view={view} title={title} />;
    case 'feeder':
      return <FeederDiagram spec={spec} view={view} title={title} />;
  }
}
