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

const ENDS = [
  ['inicio', 'Data Inicial'],
  ['fim', 'Data Final'],
] as const;

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
      {ENDS.map(([end, label]) => (
        <TextInput
          key={end}
          type="datetime-local"
          label={label}
          value={toDateTimeInput(value[end])}
          onChange={(event) => setEnd(end, event.currentTarget.value)}
          w={210}
          {...invalid}
        />
      ))}
    </>
  );
}
