import { Alert, TextInput } from '@mantine/core';

interface Props {
  entrada: string;
  saida: string;
  onChange: (change: { entrada?: string; saida?: string }) => void;
}

/** The entry and exit times of an escala ('HH:mm'). */
export function TimeFields({ entrada, saida, onChange }: Props) {
  return (
    <>
      <TextInput
        label="Entrada"
        type="time"
        w={130}
        value={entrada}
        onChange={(event) => onChange({ entrada: event.currentTarget.value })}
      />
      <TextInput
        label="Saída"
        type="time"
        w={130}
        value={saida}
        onChange={(event) => onChange({ saida: event.currentTarget.value })}
      />
    </>
  );
}

/** A form's validation message (spec 001 §5), announced when it appears. */
export function FormProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" mb="sm" p="xs">
      {problem}
    </Alert>
  );
}
