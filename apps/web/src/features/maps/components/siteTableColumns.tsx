import type { ResumeSiteColumn, ResumeSiteRow } from '@vigia/contract';
import {
  formatDateTime,
  formatNumber,
  formatText,
  rowCommunication,
  type Tone,
} from '@vigia/domain';
import { StateBadge } from '../../../ui/StateBadge';
import type { ListColumn } from '../../../ui/table/types';

type Field = keyof ResumeSiteRow;

function field(row: ResumeSiteRow, chave: string): unknown {
  return (row as Record<string, unknown>)[chave as Field];
}

/** The domain's one text and tone of a site's communication. */
export function siteCommunication(
  row: Pick<ResumeSiteRow, 'resumoComunicacao' | 'ultimaLeitura' | 'tipo'>,
  nowSec: number,
): { text: string; tone: Tone } {
  const { text, tone } = rowCommunication(row, nowSec);
  return { text, tone };
}

const DEFAULT_WIDTH: Record<string, number> = { uf: 64, nome: 240, patrimonio: 110, tipo: 110 };

const WIDTH: Partial<Record<ResumeSiteColumn['tipo'], number>> = {
  NUMERO: 110,
  DATE: 184,
  ALARME: 96,
  COMUNICACAO: 160,
};

/** Wide enough for the header: 14 px semibold text, padding, and the sort icon when sortable. */
function headerWidth(column: ResumeSiteColumn): number {
  return Math.ceil(column.nome.length * 9 + 22 + (column.ordenavel ? 20 : 0));
}

/** The columns the server configures for a site table (`ConfigurationResumeSite`), drawn by type. */
export function siteTableColumns(
  config: readonly ResumeSiteColumn[],
  nowSec: number,
): ListColumn<ResumeSiteRow>[] {
  return config.map((column, index): ListColumn<ResumeSiteRow> => {
    const base = {
      key: column.chave,
      header: column.nome,
      sortable: column.ordenavel,
      category: column.mobile ?? undefined,
      required: index === 0,
      width: Math.max(
        WIDTH[column.tipo] ?? DEFAULT_WIDTH[column.chave] ?? 180,
        headerWidth(column),
      ),
    };
    switch (column.tipo) {
      case 'NUMERO':
        return {
          ...base,
          kind: 'number',
          cell: (row) => {
            const value = field(row, column.chave);
            return formatNumber(typeof value === 'number' ? value : null, column.casaDecimal);
          },
        };
      case 'DATE':
        return {
          ...base,
          kind: 'date',
          cell: (row) => {
            const value = field(row, column.chave);
            return formatDateTime(typeof value === 'number' ? value : null);
          },
        };
      case 'ALARME':
        return {
          ...base,
          kind: 'number',
          cell: (row) => {
            const count = Number(field(row, column.chave)) || 0;
            return (
              <StateBadge tone={count > 0 ? 'bad' : 'neutral'} size="sm">
                {count}
              </StateBadge>
            );
          },
          title: (row) => String(field(row, column.chave) ?? ''),
        };
      case 'COMUNICACAO':
        return {
          ...base,
          cell: (row) => {
            const state = siteCommunication(row, nowSec);
            return (
              <StateBadge tone={state.tone} size="sm" tt="none">
                {state.text}
              </StateBadge>
            );
          },
          title: (row) => siteCommunication(row, nowSec).text,
        };
      default:
        return {
          ...base,
          cell: (row) => {
            const value = field(row, column.chave);
            return formatText(
              typeof value === 'string' || typeof value === 'number' ? value : null,
            );
          },
        };
    }
  });
}
