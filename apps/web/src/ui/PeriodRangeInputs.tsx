import { TextInput } from '@mantine/core';
import type { Period } from '@vigia/domain';
import { fromDateTimeInput, toDateTimeInput } from '../lib/dateTimeInput';

interface Props {
  value: Period;
  onChange: (value: Period) => void;
  /** The period's validation message (spec 001 §5); the fields turn red and point to it. */
  problem: string | null;
  /** Id of the element showing `problem`. */
  problemId: string;
}

/**
 * 'Data Inicial' and 'Data Final' of a custom 'Periodo', in Brasília time.
 * The end minute is inclusive: up to its 59th second.
 */
export function PeriodRangeInputs({ value, onChange, problem, problemId }: Props) {
  const setEnd = (end: keyof Period, text: string) => {
    const epoch = fromDateTimeInput(text, end === 'fim' ? 59 : 0);
    if (epoch !== null) onChange({ ...value, [end]: epoch });
  };
  const invalid = { error: Boolean(problem), 'aria-describedby': problem ? problemId : undefined };
  return (
    <>
      <TextInput
        type="datetime-local"
        label="Data Inicial"
        value={toDateTimeInput(value.inicio)}
        onChange={(event) => setEnd('inicio', event.currentTarget.value)}
        w={210}
        {...invalid}
      />
      <TextInput
        type="datetime-local"
        label="Data Final"
        value={toDateTimeInput(value.fim)}
        onChange={(event) => setEnd('fim', event.currentTarget.value)}
        w={210}
        {...invalid}
      />
    </>
  );
}
