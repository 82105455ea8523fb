import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MAX_SHELVE_REASON_LENGTH, SHELVING_MESSAGES } from '@vigia/domain';
import { type ReactNode, useId, useState } from 'react';

interface Props {
  /** What the action does, read with the reason field. */
  hint: ReactNode;
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  /** Fields after the reason (the shelf's duration). */
  children?: ReactNode;
}

/**
 * The form behind an ISA-18.2 suppression (shelving alarms, a device out of
 * service): a reason is required, trimmed, at most MAX_SHELVE_REASON_LENGTH.
 */
export function ReasonForm({
  hint,
  submitLabel,
  submitColor,
  pending,
  onCancel,
  onSubmit,
  children,
}: Props) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') {
          setProblem(SHELVING_MESSAGES.reasonRequired);
          return;
        }
        setProblem(null);
        onSubmit(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm" id={hintId}>
          {hint}
        </Text>
        <Textarea
          label={SHELVING_MESSAGES.reason}
          withAsterisk
          rows={3}
          maxLength={MAX_SHELVE_REASON_LENGTH}
          value={reason}
          error={problem}
          aria-describedby={hintId}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(null);
          }}
          data-autofocus
        />
        {children}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" color={submitColor} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
