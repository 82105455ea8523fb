import { Dialog } from '../../../ui/Dialog';
import { ChangePasswordForm } from './ChangePasswordForm';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Header popup: password change. */
export function ChangePasswordModal({ opened, onClose }: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Alterar senha">
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Dialog>
  );
}
