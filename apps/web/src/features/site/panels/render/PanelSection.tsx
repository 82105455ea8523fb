import { useId } from 'react';
import classes from './Panel.module.css';

export type SectionWidth = 'single' | 'double' | 'wide';

interface Props {
  title: string;
  /** One track, two (three or four readings a row), or the whole row (diagrams, lists). */
  width?: SectionWidth;
  children: (titleId: string) => React.ReactNode;
}

/** One block of a panel: a titled region the screen reader can jump to. */
const WIDTH_CLASS: Record<SectionWidth, string | undefined> = {
  single: undefined,
  double: classes.double,
  wide: classes.wide,
};

export function PanelSection({ title, width = 'single', children }: Props) {
  const titleId = useId();
  return (
    <section
      className={[classes.section, WIDTH_CLASS[width]].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={classes.sectionTitle}>
        {title}
      </h3>
      {children(titleId)}
    </section>
  );
}
