import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel';
import { PANEL_TEXTS } from './texts';

interface Props {
  children: ReactNode;
  /** Before a retry (e.g. forget a failed lazy import). */
  onReset?: () => void;
}

interface State {
  error: Error | null;
}

/** A panel that throws (bad data, a failed chunk) shows the error panel; the page stays. */
export class PanelErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Painel falhou', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPanel
          title={PANEL_TEXTS.crashedTitle}
          message={PANEL_TEXTS.crashed}
          onRetry={() => {
            this.props.onReset?.();
            this.setState({ error: null });
          }}
        />
      );
    }
    return this.props.children;
  }
}
