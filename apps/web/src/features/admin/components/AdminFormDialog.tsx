import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { FormFailure } from './FormFailure';

interface Props {
  title: string;
  size?: string;
  /** The last write's failure, shown above the fields. */
  error: unknown;
  pending: boolean;
  /** False while a field the server needs is still empty. */
  canSave?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** An administration form in a dialog: its failure, its fields, 'Cancelar' and 'Salvar'. */
export function AdminFormDialog({
  title,
  size,
  error,
  pending,
  canSave = true,
  onClose,
  onSubmit,
  children,
}: Props) {
  return (
    <Dialog opened onClose={onClose} title={title} size={size}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          <FormFailure error={error} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending} disabled={!canSave}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
