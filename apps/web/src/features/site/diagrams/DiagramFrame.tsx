import { useId } from 'react';
import classes from './Diagram.module.css';

const MAX_SCALE = 1.2;

interface Props {
  title: string;
  /** The text alternative: every state and value the drawing shows. */
  description: string;
  width: number;
  height: number;
  children: React.ReactNode;
}

/** An accessible single-line drawing: role img, named by its title and described in words. */
export function DiagramFrame({ title, description, width, height, children }: Props) {
  const titleId = useId();
  const descId = useId();
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={classes.svg}
      // Drawn at most a little above its own size, so text stays at reading size.
      style={{ maxWidth: `${Math.round(width * MAX_SCALE)}px` }}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="single-line-diagram"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {children}
    </svg>
  );
}
