import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import {
  CHART_PERIOD_OPTIONS,
  type ChartPeriodChoice,
  chartPeriod,
  isChartPeriodChoice,
  type Period,
} from '@vigia/domain';
import { PeriodRangeInputs } from '../../../ui/PeriodRangeInputs';

export interface ChartPeriodValue {
  choice: ChartPeriodChoice;
  /** The custom 'Periodo', epoch seconds. */
  custom: Period;
}

interface Props {
  value: ChartPeriodValue;
  onChange: (value: ChartPeriodValue) => void;
  /** The period's validation message (spec 001 §5); the fields turn red and point to it. */
  problem: string | null;
  problemId: string;
}

const OPTIONS = CHART_PERIOD_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

/** The chart's period: the last 24 h by default, spec 001 §9's chart periods, or 'Periodo'. */
export function ChartPeriodFields({ value, onChange, problem, problemId }: Props) {
  const choose = (choice: ChartPeriodChoice) => {
    // 'Periodo' starts from what is shown, so it can be adjusted.
    const custom = chartPeriod(value.choice, new Date(), value.custom);
    onChange({ choice, custom });
  };

  return (
    <>
      <Select
        label="Período"
        data={OPTIONS}
        value={value.choice}
        onChange={(choice) => isChartPeriodChoice(choice) && choose(choice)}
        allowDeselect={false}
        w={190}
      />
      {value.choice === 'periodo' && (
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
