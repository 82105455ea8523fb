import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import classes from './RowControls.module.css';

/*
 * The controls a list draws on every row (its check box, an icon button), as
 * plain elements: a list's first frame draws dozens of rows, and Mantine's
 * Checkbox, ActionIcon and Anchor are several components each.
 */

type RowIconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string };

/** A 28 px icon button, grey until hovered (ActionIcon's subtle grey). */
export function RowIconButton({ className, ...props }: RowIconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `${classes.button} ${className}` : classes.button}
      {...props}
    />
  );
}

type RowCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  'aria-label': string;
  /** Some rows chosen, not all (the header's box). */
  indeterminate?: boolean;
};

/** The browser's own check box, in the console's blue. */
export function RowCheckbox({ indeterminate = false, ...props }: RowCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className={classes.checkbox} {...props} />;
}

/** A link to a row's page (a device's site), underlined, in the text's colour and size. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={classes.link}>
      {children}
    </Link>
  );
}
