import type { DataQuality } from '@vigia/domain';
import { NotCurrentValue } from '../../../ui/NotCurrentValue';
import { TONE_TEXT } from '../../../ui/tone';
import classes from '../panels/render/Panel.module.css';
import type { BoxLine } from './parts';

export interface TableSource {
  key: string;
  title: string;
  lines: readonly BoxLine[];
  quality: DataQuality;
  /** 'DESATUALIZADO · última leitura …' when its device is not online. */
  note: string | null;
}

/**
 * The single-line drawing as tables, where the drawing would be too small to
 * read: one table per generator and one for the grid, every value and breaker.
 */
export function SingleLineTable({ title, sources }: { title: string; sources: TableSource[] }) {
  if (sources.length === 0) {
    return <p className={classes.empty}>Nenhum gerador encontrado neste local.</p>;
  }
  return (
    <section data-testid="single-line-table" aria-label={title}>
      {sources.map((source) => (
        <table key={source.key} className={classes.table} data-source={source.title}>
          <caption style={{ textAlign: 'left', fontWeight: 600, padding: '12px 8px 4px' }}>
            {source.title}
          </caption>
          <tbody>
            {source.lines.map((line) => {
              const toned = line.tone !== undefined && line.tone !== 'neutral';
              const value =
                source.quality !== 'online' && source.note !== null && !toned ? (
                  <NotCurrentValue quality={source.quality} note={source.note}>
                    {line.value}
                  </NotCurrentValue>
                ) : (
                  line.value
                );
              return (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  <td
                    className={classes.num}
                    style={
                      toned && line.tone
                        ? { color: TONE_TEXT[line.tone], fontWeight: 600 }
                        : undefined
                    }
                  >
                    {value}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </section>
  );
}
