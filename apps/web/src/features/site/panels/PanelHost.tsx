import { type ComponentType, lazy, Suspense } from 'react';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { ErrorPanel } from './ErrorPanel';
import { LoadedPanel, type LoadedPanelProps } from './LoadedPanel';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { PanelSettledContext } from './panelSettled';
import { loadPanel, type PanelKey, resolvePanelKey } from './registry';
import type { PanelTarget } from './target';
import { PANEL_TEXTS } from './texts';

type HostedProps = Omit<LoadedPanelProps, 'definition'>;

const lazyPanels = new Map<PanelKey, ComponentType<HostedProps>>();

/** One lazy component per registry entry: the module (and its diagrams) loads on first use. */
function lazyPanel(key: PanelKey): ComponentType<HostedProps> {
  let component = lazyPanels.get(key);
  if (!component) {
    component = lazy(async () => {
      const module = await loadPanel(key);
      return {
        default: (props: HostedProps) => <LoadedPanel {...props} definition={module.default} />,
      };
    });
    lazyPanels.set(key, component);
  }
  return component;
}

interface Props {
  target: PanelTarget;
  /** The overview's `render_html` (or a device type when the site has no overview). */
  panelName: string | null;
  /** The overview's first synoptic id, for synoptic panels. */
  sinoticoId: number | null;
  /** Called once the panel shows its content or an error (see panelSettled). */
  onSettled?: () => void;
}

const ignore = () => {};

/**
 * Shows the panel a `render_html` names. An empty or unknown name shows the
 * error panel; a panel that throws is caught by the error boundary. Never a
 * blank page.
 */
export function PanelHost({ target, panelName, sinoticoId, onSettled = ignore }: Props) {
  return (
    <PanelSettledContext.Provider value={onSettled}>
      <HostedPanel target={target} panelName={panelName} sinoticoId={sinoticoId} />
    </PanelSettledContext.Provider>
  );
}

function HostedPanel({ target, panelName, sinoticoId }: Omit<Props, 'onSettled'>) {
  if (!panelName || panelName.trim() === '') {
    return <ErrorPanel title={PANEL_TEXTS.badConfigTitle} message={PANEL_TEXTS.noPanelName} />;
  }
  const key = resolvePanelKey(panelName);
  if (!key) {
    return <ErrorPanel title={PANEL_TEXTS.unknownTitle} message={PANEL_TEXTS.unknown(panelName)} />;
  }
  const Panel = lazyPanel(key);
  const targetKey = target.kind === 'dispositivo' ? target.site.id : `${target.kind}-${target.id}`;
  return (
    <PanelErrorBoundary
      key={`${key}:${targetKey}:${sinoticoId}`}
      onReset={() => lazyPanels.delete(key)}
    >
      <Suspense fallback={<DelayedLoader label="Carregando painel…" />}>
        <Panel target={target} sinoticoId={sinoticoId} panelKey={key} />
      </Suspense>
    </PanelErrorBoundary>
  );
}
