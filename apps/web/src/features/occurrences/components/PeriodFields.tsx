import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { CUSTOM_PERIOD, PERIOD_COMBO, type PeriodChoice, periodPreset } from '@vigia/domain';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';
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
        <PeriodRangeInputs
          value={value.custom}
          onChange={(custom) => onChange({ ...value, custom })}
          problem={problem}
          problemId={problemId}
        />
      )}
    </>
  );
}
