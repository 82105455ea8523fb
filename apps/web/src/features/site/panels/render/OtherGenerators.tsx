import type { DeviceRow } from '@vigia/contract';
import { freshnessLabel, isOnline, READING, STALE_LABEL } from '@vigia/domain';
import { Link } from 'react-router';
import { useRouteLinks } from '../../../../lib/navigation';
import { StateBadge } from '../../../../ui/StateBadge';
import { decodeState } from '../decoders';
import { currentValue } from '../readings';
import { formatValue } from '../values';
import classes from './Panel.module.css';

interface Props {
  generators: readonly DeviceRow[];
  nowSec: number;
  captionId: string;
}

/** Spec 001 §2: each generator panel lists the other generators of the plant; a click opens it. */
export function OtherGenerators({ generators, nowSec, captionId }: Props) {
  const links = useRouteLinks();
  if (generators.length === 0) {
    return <p className={classes.empty}>Nenhum outro gerador neste local.</p>;
  }
  // Wider than a phone: the table scrolls inside its card (by keyboard too), the
  // asset number kept in view.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll by keyboard
    <section className={classes.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <table className={classes.table} aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Patrimônio</th>
            <th scope="col">Nome</th>
            <th scope="col">Status</th>
            <th scope="col">Modo</th>
            <th scope="col" className={classes.num}>
              kW
            </th>
            <th scope="col" className={classes.num}>
              Carga (%)
            </th>
            <th scope="col">Comunicação</th>
          </tr>
        </thead>
        <tbody>
          {generators.map((g) => {
            const online = isOnline(
              { resumoComunicacao: g.resumoComunicacao, lastReadingTs: g.ultimaLeitura },
              nowSec,
            );
            const status = decodeState(
              'generatorStatus',
              currentValue(g, READING.generatorStatus),
              online,
            );
            const mode = decodeState(
              'generatorMode',
              currentValue(g, READING.generatorMode),
              online,
            );
            const freshness = freshnessLabel(g.ultimaLeitura, nowSec);
            const href = links.hrefFor('main.site', {
              sisId: g.sisId,
              scdId: g.scdId ?? 0,
              usinaId: g.usinaId ?? 0,
              siteId: g.id,
            });
            return (
              <tr key={g.id} data-device={g.id}>
                <td>{href ? <Link to={href}>{g.patrimonio}</Link> : g.patrimonio}</td>
                <td>{g.nome}</td>
                <td>
                  <StateBadge tone={status.tone}>{status.label}</StateBadge>
                </td>
                <td>
                  <StateBadge tone={mode.tone}>{mode.label}</StateBadge>
                </td>
                <td className={classes.num}>
                  {formatValue('kW', currentValue(g, 'kW'), 'generator')}
                </td>
                <td className={classes.num}>
                  {formatValue(READING.loadSpeed, currentValue(g, READING.loadSpeed), 'generator')}
                </td>
                <td>
                  {freshness ? (
                    <StateBadge tone={freshness === STALE_LABEL ? 'warning' : 'neutral'}>
                      {freshness}
                    </StateBadge>
                  ) : (
                    <StateBadge tone="good">online</StateBadge>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
