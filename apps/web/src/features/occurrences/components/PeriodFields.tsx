import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select, TextInput } from '@mantine/core';
import { CUSTOM_PERIOD, PERIOD_COMBO, type PeriodChoice, periodPreset } from '@vigia/domain';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/dateTimeInput';
import { type PeriodFilter, resolvePeriod } from '../filters';

interface Props {
  value: PeriodFilter;
  onChange: (value: PeriodFilter) => void;
  /** The period's validation message (spec 001 §5); the fields turn red and name it. */
  problem: string | null;
  /** Id of the element showing `problem`. */
  problemId: string;
}

const PERIOD_OPTIONS = PERIOD_COMBO.map((option) => ({ value: option.value, label: option.label }));

/** Spec 001 §9 period combo ('Hoje' … 'Periodo'); 'Periodo' shows the start and end fields. */
export function PeriodFields({ value, onChange, problem, problemId }: Props) {
  const choose = (choice: PeriodChoice) => {
    const now = new Date();
    // The custom period starts from what was shown, so it can be adjusted.
    const custom = choice === CUSTOM_PERIOD ? resolvePeriod(value, now) : periodPreset(choice, now);
    onChange({ choice, custom });
  };

  const setEnd = (end: 'inicio' | 'fim', text: string) => {
    // The end minute is inclusive: up to its 59th second.
    const epoch = fromDateTimeInput(text, end === 'fim' ? 59 : 0);
    if (epoch === null) return;
    onChange({ ...value, custom: { ...value.custom, [end]: epoch } });
  };

  const invalid = {
    error: Boolean(problem),
    'aria-describedby': problem ? problemId : undefined,
  };
  return (
    <>
      <Select
        label="Período"
        data={PERIOD_OPTIONS}
        value={value.choice}
        onChange={(choice) => choice && choose(choice as PeriodChoice)}
        allowDeselect={false}
        w={170}
      />
      {value.choice === CUSTOM_PERIOD && (
        <>
          <TextInput
            type="datetime-local"
            label="Data Inicial"
            value={toDateTimeInput(value.custom.inicio)}
            onChange={(event) => setEnd('inicio', event.currentTarget.value)}
            w={210}
            {...invalid}
          />
          <TextInput
            type="datetime-local"
            label="Data Final"
            value={toDateTimeInput(value.custom.fim)}
            onChange={(event) => setEnd('fim', event.currentTarget.value)}
            w={210}
            {...invalid}
          />
        </>
      )}
    </>
  );
}
