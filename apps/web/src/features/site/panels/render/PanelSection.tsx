import { useId } from 'react';
import classes from './Panel.module.css';

interface Props {
  title: string;
  /** Takes the whole row (diagrams, lists). */
  wide?: boolean;
  children: (titleId: string) => React.ReactNode;
}

/** One block of a panel: a titled region the screen reader can jump to. */
export function PanelSection({ title, wide, children }: Props) {
  const titleId = useId();
  return (
    <section
      className={wide ? `${classes.section} ${classes.wide}` : classes.section}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={classes.sectionTitle}>
        {title}
      </h3>
      {children(titleId)}
    </section>
  );
}
