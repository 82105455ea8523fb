import type { OverviewConfig } from '@vigia/contract';
import { Link } from 'react-router';
import classes from './OverviewTabs.module.css';

interface Props {
  overviews: readonly OverviewConfig[];
  currentId: number | null;
  hrefOf: (overview: OverviewConfig) => string | null;
}

/** The site's overviews, in their configured order; the one on display is marked. */
export function OverviewTabs({ overviews, currentId, hrefOf }: Props) {
  const items = overviews.flatMap((o) => {
    const href = o.idOverview === null ? null : hrefOf(o);
    return href ? [{ overview: o, href }] : [];
  });
  if (items.length === 0) return null;
  return (
    <nav aria-label="Visões gerais">
      <ul className={classes.tabs}>
        {items.map(({ overview, href }) => (
          <li key={overview.idOverview}>
            <Link
              to={href}
              className={classes.tab}
              aria-current={overview.idOverview === currentId ? 'page' : undefined}
            >
              {overview.nome}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
