import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Mantine modal size; 'lg' for the larger editing popups (spec 001 §2 "edit charts (large)"). */
  size?: string;
  children: React.ReactNode;
}

/**
 * The console's dialogs. Composed by hand: Mantine's header is a `<header>`,
 * a second banner landmark beside the console's (axe), and its close button
 * has no text of its own.
 */
export function Dialog({ opened, onClose, title, size, children }: Props) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Fechar" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
